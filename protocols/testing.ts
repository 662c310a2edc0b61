// Test support only: a loopback server that answers every request with fixed
// text, so an unmodified official SDK client can consume what an encoder wrote.

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StreamEvent } from './canonical.ts';

export interface Recorded {
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export async function serveOnce(
  body: string,
  contentType = 'text/event-stream',
): Promise<{ baseURL: string; requests: Recorded[]; close: () => Promise<void> }> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      requests.push({ url: req.url ?? '', headers: req.headers, body: raw ? JSON.parse(raw) : undefined });
      res.writeHead(200, { 'content-type': contentType });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/** Parses `event:`/`data:` SSE text back into events, to assert exact sequences. */
export function parseSse(text: string): { event?: string; data: string }[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      return { ...(event ? { event } : {}), data };
    });
}

export const usage = {
  inputTokens: 120,
  outputTokens: 30,
  totalTokens: 150,
  cachedTokens: 80,
  cacheCreationTokens: 10,
  reasoningTokens: 5,
};

export const cost = { customerPrice: 0.0012, currency: 'USD', billing: 'metered' } as const;

/** A turn that says something, then calls two tools in parallel. */
export const toolTurn: StreamEvent[] = [
  { type: 'meta', model: 'gpt-4o-2024-08-06', requestId: 'up-1' },
  { type: 'text', delta: 'Let me ' },
  { type: 'text', delta: 'check.' },
  { type: 'tool_call_start', index: 0, id: 'call_a', name: 'get_weather' },
  { type: 'tool_call_args', index: 0, delta: '{"city":' },
  { type: 'tool_call_args', index: 0, delta: '"Paris"}' },
  { type: 'tool_call_start', index: 1, id: 'call_b', name: 'get_time' },
  { type: 'tool_call_args', index: 1, delta: '{"tz":"CET"}' },
  { type: 'finish', finishReason: 'tool_calls', usage },
];

export const textTurn: StreamEvent[] = [
  { type: 'reasoning', delta: 'Think' },
  { type: 'reasoning', delta: 'ing.' },
  { type: 'text', delta: 'Hello' },
  { type: 'text', delta: ', world' },
  { type: 'finish', finishReason: 'stop', usage },
];
