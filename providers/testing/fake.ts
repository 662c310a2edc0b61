// The loopback HTTP server every fake upstream is built on: it captures
// requests, hands each one the next scripted step (or none, meaning "answer
// deterministically"), and implements the protocol-independent steps (HTTP
// errors, hangs). Protocol fakes only render replies. No logging: benchmarks
// drive these at high rates.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CapturedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body, or the raw text when it is not JSON. */
  body: any;
  /** The body as it arrived (what a signature covers). */
  rawBody: string;
  /** True once the client went away before the reply was complete (cancel, timeout). */
  aborted: boolean;
  /** performance.now() when the request arrived, for latency measured in the same process. */
  receivedAt: number;
}

export interface ScriptedToolCall {
  name: string;
  /** JSON string, as the model would produce it. */
  arguments: string;
  id?: string;
}

/** What the next request gets. Without a script, fakes echo the last user message. */
export type Step =
  | {
      text?: string;
      reasoning?: string;
      toolCalls?: ScriptedToolCall[];
      /** Wire-level finish/stop reason, e.g. 'length' or 'max_tokens'. */
      finishReason?: string;
      cachedTokens?: number;
      cacheCreationTokens?: number;
      citations?: string[];
      /** Pause between streamed chunks. */
      chunkDelayMs?: number;
      /** Streams only: after the text, send this protocol's error event instead of finishing. */
      streamError?: string;
      /** Wait this long before answering at all (a slow provider). */
      delayMs?: number;
    }
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { hang: true }
  /** The connection is dropped before any answer (ECONNRESET at the gateway). */
  | { reset: true }
  /** A 200 whose body is these bytes as they are (a malformed event line); `cut` drops the connection after them (a stream that stops midway). */
  | { raw: string | Buffer; contentType?: string; cut?: boolean };

export type Reply = Extract<Step, { text?: string }>;

export interface Fake {
  /** The base URL to configure the provider with. */
  url: string;
  requests: CapturedRequest[];
  /** Requests being answered right now, and the most there ever were at once. */
  inFlight(): { now: number; peak: number };
  /** Queues steps; each request consumes one, in order. */
  script(...steps: Step[]): void;
  close(): Promise<void>;
}

export type Render = (req: CapturedRequest, reply: Reply, res: ServerResponse, signal: AbortSignal) => Promise<void> | void;

export interface FakeRoutes {
  /** Path prefix of every route, e.g. '/v1'. It becomes part of `url`. */
  prefix: string;
  /** Path (after the prefix) and method -> handler; unmatched paths answer 404. */
  routes: Record<string, Render>;
  /** For paths with a variable part (a model id in the path): asked when no route matches exactly. */
  match?: (method: string, path: string) => Render | undefined;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

export function isReply(step: Step): step is Reply {
  return !('status' in step) && !('hang' in step) && !('reset' in step) && !('raw' in step);
}

export async function startFakeServer({ prefix, routes, match }: FakeRoutes): Promise<Fake> {
  const requests: CapturedRequest[] = [];
  const queue: Step[] = [];
  const load = { now: 0, peak: 0 };
  const server = createServer(async (req, res) => {
    const receivedAt = performance.now();
    load.peak = Math.max(load.peak, ++load.now);
    res.once('close', () => load.now--);
    const url = new URL(req.url ?? '/', 'http://fake');
    const rawBody = await readBody(req);
    const captured: CapturedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname + url.search,
      headers: req.headers,
      body: parse(rawBody),
      rawBody,
      aborted: false,
      receivedAt,
    };
    requests.push(captured);
    const gone = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) {
        captured.aborted = true;
        gone.abort();
      }
    });
    const local = url.pathname.slice(prefix.length);
    const route = url.pathname.startsWith(prefix) ? (routes[`${captured.method} ${local}`] ?? match?.(captured.method, local)) : undefined;
    if (!route) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `no route ${captured.method} ${url.pathname}` } }));
      return;
    }
    const step = queue.shift() ?? {};
    if ('hang' in step) return;
    if ('reset' in step) {
      req.socket.resetAndDestroy();
      return;
    }
    if ('raw' in step) {
      res.writeHead(200, { 'content-type': step.contentType ?? 'text/event-stream' });
      if (step.cut) {
        // Flushed first, then the connection goes with the response unfinished.
        res.write(step.raw, () => setTimeout(() => req.socket.destroy(), 20));
        return;
      }
      res.end(step.raw);
      return;
    }
    if ('status' in step) {
      res.writeHead(step.status, { 'content-type': 'application/json', ...step.headers });
      res.end(typeof step.body === 'string' ? step.body : JSON.stringify(step.body ?? { error: { message: `scripted ${step.status}` } }));
      return;
    }
    try {
      if (step.delayMs) await wait(step.delayMs, gone.signal);
      await route(captured, step, res, gone.signal);
    } catch {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    requests,
    inFlight: () => ({ ...load }),
    script: (...steps) => queue.push(...steps),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---- helpers shared by protocol fakes ----

/** Rough, deterministic token count: one token per started group of 4 characters. */
export function tokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Splits text into stream pieces of a few words, keeping whitespace so pieces concatenate back. */
export function pieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

export function wait(ms: number | undefined, signal: AbortSignal): Promise<void> {
  if (!ms) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    });
  });
}

export function sseHeaders(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
}

/** Stable fake id derived from a counter, so captured runs are reproducible. */
export function idMaker(prefix: string): () => string {
  let n = 0;
  return () => `${prefix}${(++n).toString().padStart(6, '0')}`;
}

/** What a deterministic fake answers: an echo of the last user turn, or of the tool result it was given. */
export function echoText(last: { role: 'user' | 'tool'; text: string } | undefined, json: boolean): string {
  const said = last ? (last.role === 'tool' ? `tool said: ${last.text}` : `echo: ${last.text}`) : 'echo:';
  return json ? JSON.stringify({ answer: said }) : said;
}

/** Splits a JSON argument string into a few stream pieces. */
export function argPieces(args: string): string[] {
  const mid = Math.ceil(args.length / 2);
  return args.length > 1 ? [args.slice(0, mid), args.slice(mid)] : [args];
}
