// Ready means warm: before a gateway process says it is ready, it sends a few
// hundred real /v1 calls through its own pipeline (HTTP parsing, the key
// check, routing, request validation, the handlers, the protocol converters,
// pricing, the OpenAI adapter, the upstream client and its connection pool,
// SSE), so that V8 has compiled and optimised that code before the first
// caller's request runs it. What the first second after ready otherwise paid
// for: cold code on the whole request path (p99 17-49 ms against 3-6 ms warm).
//
// The calls go to a temporary listener on 127.0.0.1 serving the gateway's own
// Koa app, under a key that exists only in memory (core/gatewayAuth.ts
// openWarmUp), to a loopback upstream speaking OpenAI's wire format
// (server/warmUpstream.ts). Nothing of them is anyone's: no usage row, no
// governance charge (the key has no limits, team or tags), no traffic count,
// no request-log entry, no access-log line or request count, no span (the
// listener serves them untraced), and the upstream metrics they moved are
// reset after.
import http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import type { Logger } from 'pino';
import type { GatewayAuthenticator } from '../core/gatewayAuth.ts';
import { useWarmUpstream } from '../core/warmUp.ts';
import { gatewayAdded, routingFallbacks, upstreamErrors, upstreamRequests, upstreamRetries } from '../metrics/index.ts';
import { untraced } from '../metrics/telemetry.ts';
import { startWarmUpstream } from './warmUpstream.ts';

/** Calls sent before ready: see docs/operations.md for how many the first second needs. */
export const WARM_UP_CALLS = 300;
// As many at once as a burst of callers: the pool of upstream connections grows to it too.
const CONCURRENCY = 10;
// On a machine too busy to finish them soon, the calls stop here: ready is not held back for long.
const MAX_MS = 3_000;

/**
 * The metrics a /v1 call moves where nothing asks whose call it is: reset after the warm-up, so
 * that a scrape shows callers' calls only. (The access log's request counts leave the warm-up out.)
 */
const REQUEST_METRICS = [gatewayAdded, upstreamRequests, upstreamErrors, upstreamRetries, routingFallbacks];

interface Call {
  path: string;
  body: string;
  headers?: Record<string, string>;
}

const ASK = [{ role: 'system', content: 'You are a terse assistant.' }, { role: 'user', content: 'Say hello to the warm-up.' }];
const MODEL = 'openai/gpt-4o-mini';

// The hot operations, the chat completion most: every fourth call is another protocol's.
const CALLS: Call[] = [
  { path: '/v1/chat/completions', body: JSON.stringify({ model: MODEL, messages: ASK }) },
  { path: '/v1/chat/completions', body: JSON.stringify({ model: MODEL, messages: ASK, stream: true, stream_options: { include_usage: true } }) },
  { path: '/v1/chat/completions', body: JSON.stringify({ model: MODEL, messages: ASK, max_tokens: 64, temperature: 0.2 }) },
  { path: '/v1/responses', body: JSON.stringify({ model: MODEL, input: 'Say hello to the warm-up.', store: false }) },
  { path: '/v1/chat/completions', body: JSON.stringify({ model: MODEL, messages: ASK }) },
  { path: '/v1/chat/completions', body: JSON.stringify({ model: MODEL, messages: ASK, stream: true }) },
  { path: '/v1/chat/completions', body: JSON.stringify({ model: MODEL, messages: ASK }) },
  { path: '/v1/messages', body: JSON.stringify({ model: MODEL, max_tokens: 64, messages: [{ role: 'user', content: 'Say hello to the warm-up.' }] }), headers: { 'anthropic-version': '2023-06-01' } },
  { path: '/v1/chat/completions', body: JSON.stringify({ model: MODEL, messages: ASK }) },
  { path: '/v1/chat/completions', body: JSON.stringify({ model: MODEL, messages: ASK, stream: true, stream_options: { include_usage: true } }) },
  { path: '/v1/chat/completions', body: JSON.stringify({ model: MODEL, messages: ASK }) },
  { path: '/v1/embeddings', body: JSON.stringify({ model: 'openai/text-embedding-3-small', input: 'Say hello to the warm-up.' }) },
  { path: '/v1/chat/completions', body: JSON.stringify({ model: MODEL, messages: ASK }) },
  { path: '/v1/responses', body: JSON.stringify({ model: MODEL, input: 'Say hello to the warm-up.', store: false, stream: true }) },
  { path: '/v1/chat/completions', body: JSON.stringify({ model: MODEL, messages: ASK }) },
  { path: '/v1/messages', body: JSON.stringify({ model: MODEL, max_tokens: 64, stream: true, messages: [{ role: 'user', content: 'Say hello to the warm-up.' }] }), headers: { 'anthropic-version': '2023-06-01' } },
];

export interface WarmUpReport {
  /** Calls sent, and those answered 200. */
  sent: number;
  ok: number;
  /** Requests the loopback upstream answered, by path. */
  upstream: Record<string, number>;
  ms: number;
}

/**
 * Sends `calls` real /v1 calls through `app` (the gateway's own Koa app),
 * CONCURRENCY at a time, and leaves nothing of them behind: the key is
 * refused, the listener and the upstream closed, the metrics reset. Never
 * throws: a process whose warm-up failed serves all the same, only colder.
 */
export async function sendWarmUpCalls(o: { app: Koa<any>; auth: GatewayAuthenticator; log: Logger; calls: number}): Promise<WarmUpReport> {
  const started = performance.now();
  const report: WarmUpReport = { sent: 0, ok: 0, upstream: {}, ms: 0 };
  if (o.calls <= 0) return report;
  let upstream;
  try {
    upstream = await startWarmUpstream();
  } catch (err) {
    o.log.warn({ err }, 'the warm-up could not open its loopback upstream; no warm-up calls sent');
    return report;
  }
  useWarmUpstream({ baseUrl: upstream.baseUrl, apiKey: upstream.apiKey });
  const { key, end } = o.auth.openWarmUp();
  const expected = Buffer.from(`Bearer ${key}`);
  const callback = o.app.callback();
  // Only the warm-up's own calls: whoever else finds the port is refused before the app sees the request.
  const server = http.createServer((req, res) => {
    const presented = Buffer.from(req.headers.authorization ?? '');
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
      res.writeHead(403).end();
      return;
    }
    untraced(() => callback(req, res));
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let firstFailure: string | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port: 0, host: '127.0.0.1' }, resolve);
    });
    const { port } = server.address() as AddressInfo;
    let next = 0;
    const worker = async () => {
      while (next < o.calls && performance.now() - started < MAX_MS) {
        const call = CALLS[next++ % CALLS.length]!;
        report.sent++;
        const { status, body } = await send(agent, port, key, call).catch((err: Error) => ({ status: 0, body: err.message }));
        if (status === 200) report.ok++;
        else firstFailure ??= `${call.path}: ${status} ${body.slice(0, 300)}`;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } catch (err) {
    firstFailure ??= String((err as Error).message ?? err);
  } finally {
    end();
    agent.destroy();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    useWarmUpstream(undefined);
    await upstream.close();
    for (const metric of REQUEST_METRICS) metric.reset();
  }
  report.upstream = { ...upstream.answered };
  report.ms = Math.round(performance.now() - started);
  if (firstFailure) o.log.warn({ sent: report.sent, ok: report.ok, first: firstFailure }, 'some warm-up calls failed; the first callers may wait longer');
  return report;
}

function send(agent: http.Agent, port: number, key: string, call: Call): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: call.path,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(call.body), ...call.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(call.body);
  });
}
