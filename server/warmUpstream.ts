// The warm-up's upstream (server/warmUp.ts): a loopback HTTP server speaking
// OpenAI's documented wire format for chat completions (a JSON answer, or SSE
// chunks with `stream_options.include_usage`'s usage chunk and [DONE]) and
// embeddings, so the warm-up's calls run the gateway's real OpenAI adapter,
// transport and connection pool. It answers only its own random key, on
// 127.0.0.1, while the warm-up runs; no call of it reaches a real provider.
import http from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface WarmUpstream {
  /** The base URL as OPENAI_BASE_URL would give it (…/v1). */
  baseUrl: string;
  apiKey: string;
  /** Requests answered, by path. */
  answered: Record<string, number>;
  close(): Promise<void>;
}

const WORDS = ['Ready', ' when', ' warm', '.'];

function tokensOf(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

function promptTokens(body: { messages?: Array<{ content?: unknown }> }): number {
  return tokensOf((body.messages ?? []).map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? ''))).join('\n'));
}

function error(res: http.ServerResponse, status: number, message: string, type: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message, type, param: null, code: null } }));
}

function chat(res: http.ServerResponse, body: any, n: number): void {
  const id = `chatcmpl-warm${n}`;
  const created = Math.floor(Date.now() / 1000);
  const text = WORDS.join('');
  const usage = { prompt_tokens: promptTokens(body), completion_tokens: tokensOf(text), total_tokens: promptTokens(body) + tokensOf(text) };
  if (!body.stream) {
    const answer = { id, object: 'chat.completion', created, model: body.model, choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, logprobs: null, finish_reason: 'stop' }], usage };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    return;
  }
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices, ...extra })}\n\n`;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(chunk([{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }]));
  for (const word of WORDS) res.write(chunk([{ index: 0, delta: { content: word }, logprobs: null, finish_reason: null }]));
  res.write(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }]));
  if (body.stream_options?.include_usage) res.write(chunk([], { usage }));
  res.end('data: [DONE]\n\n');
}

function embeddings(res: http.ServerResponse, body: any): void {
  const inputs: unknown[] = Array.isArray(body.input) ? body.input : [body.input];
  const vector = Float32Array.from({ length: body.dimensions ?? 8 }, (_, i) => ((i % 7) - 3) / 10);
  const embedding = body.encoding_format === 'base64' ? Buffer.from(vector.buffer).toString('base64') : [...vector];
  const tokens = tokensOf(inputs.map(String).join(' '));
  const answer = { object: 'list', data: inputs.map((_, index) => ({ object: 'embedding', index, embedding })), model: body.model, usage: { prompt_tokens: tokens, total_tokens: tokens } };
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
}

export async function startWarmUpstream(): Promise<WarmUpstream> {
  const apiKey = `sk-warm-${randomBytes(32).toString('base64url')}`;
  const expected = Buffer.from(`Bearer ${apiKey}`);
  const answered: Record<string, number> = {};
  let n = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const presented = Buffer.from(req.headers.authorization ?? '');
      if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return error(res, 401, 'Incorrect API key provided.', 'invalid_request_error');
      let body: any;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return error(res, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error');
      }
      const path = (req.url ?? '').split('?')[0]!;
      answered[path] = (answered[path] ?? 0) + 1;
      if (req.method === 'POST' && path === '/v1/chat/completions') return chat(res, body, ++n);
      if (req.method === 'POST' && path === '/v1/embeddings') return embeddings(res, body);
      return error(res, 404, `Invalid URL (${req.method} ${path})`, 'invalid_request_error');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
