// The hot /v1 calls (POST chat completions, messages, responses, embeddings)
// answered on the bare Node request, without Koa.
//
// In bursts of 10 the gateway spent ~2.2x the bare Node proxy's CPU per call
// (bench/nodeProxy.ts) while doing only 1.07-1.26x its instructions: the
// difference was spread over hundreds of small costs (perf, 2026-11-26), most
// of them in V8's megamorphic property access and promise machinery, of which
// Koa's per-request machinery is a large share: three objects per request
// behind prototype chains of delegated getters, on-finished's listeners on the
// response and the socket, the middleware chain's promises and respond().
//
// Everything a request meets is the same as on Koa: the request id, the access
// log and its metrics (middleware/accessLog.ts), the surface's routing,
// authentication, body rules and validation (MountedSurface.handle, so 401,
// 413, 415 and 400 are decided by the same code), the handler, errors in the
// surface's shape (answerFailure) and compression (compressAnswer). What Koa
// did besides is done here by LeanContext with Koa's own rules for status,
// headers and body. Any other method or path goes to Koa.
import { Stream } from 'node:stream';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { ApiContext, AppState, Deps } from '../handlers/types.ts';
import { answerFailure, type MountedSurface } from './app.ts';
import { accessLogger } from './middleware/accessLog.ts';
import { compressAnswer } from './middleware/compress.ts';
import { tagRequest } from './middleware/requestId.ts';

/** The exact paths taken here for POST; their operations must be the surface's. */
export const LEAN_PATHS: readonly string[] = ['/v1/chat/completions', '/v1/messages', '/v1/responses', '/v1/embeddings'];

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';
const BINARY_TYPE = 'application/octet-stream';
// Statuses whose answer has no body (Koa's statuses.empty).
const EMPTY = new Set([204, 205, 304]);

// Header names as asked for, lower-cased once each: the names are the code's
// own constants, and lower-casing them on every read (as Koa's get does) cost
// more than finding them here (a few per /v1 call).
const lowerNames = new Map<string, string>();

function lowerName(name: string): string {
  let lower = lowerNames.get(name);
  if (lower === undefined) {
    lower = name.toLowerCase();
    if (lowerNames.size < 256) lowerNames.set(name, lower);
  }
  return lower;
}

/** The response-header reader compressAnswer asks for (Koa's ctx.response.get). */
class ResponseHeaders {
  private readonly res: ServerResponse;
  constructor(res: ServerResponse) {
    this.res = res;
  }

  get(name: string): string {
    const value = this.res.getHeader(name);
    return value === undefined ? '' : (value as string);
  }
}

/**
 * What handlers, the surface and the error renderer use of Koa's context, with
 * Koa's semantics: `body` sets the status (200 unless one was set) and type
 * as Koa's response does, and leaves the length to Node (the same header);
 * `status` makes a body-less status drop the body; `set`, `remove` and `get`
 * do nothing once headers went out. One class, so every request has the same
 * shape.
 */
export class LeanContext {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly method: string;
  readonly path: string;
  state: AppState;
  /** false: the handler answered by hand (an event stream). */
  respond = true;
  /** What the body was read as (Koa's ctx.request.body). */
  readonly request: { body: unknown } = { body: undefined };
  private answer: unknown = undefined;
  private explicitStatus = false;
  /** The body was set to null on purpose: an empty answer, not Koa's status text. */
  explicitNullBody = false;

  constructor(req: IncomingMessage, res: ServerResponse, state: AppState) {
    this.req = req;
    this.res = res;
    this.method = req.method!;
    this.path = req.url!;
    this.state = state;
    // Koa's starting status: an answer nobody set is a 404.
    res.statusCode = 404;
  }

  get headers(): IncomingMessage['headers'] {
    return this.req.headers;
  }

  get response(): ResponseHeaders {
    return new ResponseHeaders(this.res);
  }

  get headerSent(): boolean {
    return this.res.headersSent;
  }

  get writable(): boolean {
    if (this.res.writableEnded) return false;
    const socket = this.res.socket;
    return !socket || socket.writable;
  }

  /** A request header, '' when absent (Koa's ctx.get; Referer and Referrer are one). */
  get(name: string): string {
    const field = lowerName(name);
    const headers = this.req.headers;
    if (field === 'referer' || field === 'referrer') return (headers.referrer ?? headers.referer ?? '') as string;
    return (headers[field] ?? '') as string;
  }

  set(name: string, value: unknown): void {
    if (this.res.headersSent) return;
    this.res.setHeader(name, Array.isArray(value) ? value.map(String) : String(value));
  }

  remove(name: string): void {
    if (!this.res.headersSent) this.res.removeHeader(name);
  }

  get status(): number {
    return this.res.statusCode;
  }

  set status(code: number) {
    if (this.res.headersSent) return;
    this.explicitStatus = true;
    this.res.statusCode = code;
    if (this.answer != null && EMPTY.has(code)) this.body = null;
  }

  get body(): unknown {
    return this.answer;
  }

  set body(value: unknown) {
    this.answer = value;
    const res = this.res;
    if (value == null) {
      if (!EMPTY.has(res.statusCode)) {
        if (res.getHeader('content-type') === JSON_TYPE) {
          this.answer = 'null';
          return;
        }
        this.status = 204;
      }
      if (value === null) this.explicitNullBody = true;
      this.remove('content-type');
      this.remove('content-length');
      this.remove('transfer-encoding');
      return;
    }
    if (!this.explicitStatus) this.status = 200;
    if (res.headersSent) return;
    const typed = res.hasHeader('content-type');
    this.lengthFromBody();
    if (typeof value === 'string') {
      if (!typed) res.setHeader('content-type', /^\s*</.test(value) ? HTML_TYPE : TEXT_TYPE);
    } else if (Buffer.isBuffer(value)) {
      if (!typed) res.setHeader('content-type', BINARY_TYPE);
    } else if (value instanceof Stream) {
      if (!typed) res.setHeader('content-type', BINARY_TYPE);
    } else {
      res.setHeader('content-type', JSON_TYPE);
    }
  }

  /**
   * A body's length is Node's to write: end() measures a string or buffer
   * chunk when no Content-Length was set and sends it (as Koa's length would
   * be, and none beside Transfer-Encoding); a stream goes chunked. Measured
   * here as well, as Koa does, every answer's UTF-8 length was computed twice.
   */
  private lengthFromBody(): void {
    if (this.res.hasHeader('content-length')) this.res.removeHeader('content-length');
  }
}

/** The answer on the wire, as Koa's respond() sends it. */
function send(ctx: LeanContext): void {
  if (ctx.respond === false || !ctx.writable) return;
  const res = ctx.res;
  if (EMPTY.has(res.statusCode)) {
    res.end();
    return;
  }
  let body = ctx.body;
  if (body == null) {
    if (ctx.explicitNullBody) {
      ctx.remove('content-type');
      ctx.remove('transfer-encoding');
      if (!res.headersSent) res.setHeader('content-length', 0);
      res.end();
      return;
    }
    body = res.statusMessage || http.STATUS_CODES[res.statusCode] || String(res.statusCode);
    if (!res.headersSent) {
      res.setHeader('content-type', TEXT_TYPE);
      res.setHeader('content-length', Buffer.byteLength(body as string));
    }
    res.end(body);
    return;
  }
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    res.end(body);
    return;
  }
  if (body instanceof Stream) {
    body.once('error', (err) => res.destroy(err));
    body.pipe(res);
    return;
  }
  const text = JSON.stringify(body);
  if (!res.headersSent) res.setHeader('content-length', Buffer.byteLength(text));
  res.end(text);
}

/** What Koa answers for an error nothing else caught: 500 in plain text, every header set so far dropped. */
function sendInternalError(ctx: LeanContext): void {
  const res = ctx.res;
  if (res.headersSent || !ctx.writable) return;
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  const text = http.STATUS_CODES[500]!;
  res.statusCode = 500;
  res.setHeader('content-type', TEXT_TYPE);
  res.setHeader('content-length', Buffer.byteLength(text));
  res.end(text);
}

async function serve(surface: MountedSurface, ctx: LeanContext): Promise<void> {
  try {
    await surface.handle(ctx as unknown as ApiContext);
  } catch (raw) {
    answerFailure(surface, ctx as unknown as ApiContext, raw);
  }
  // Outside the error renderer, as Koa's compress middleware is.
  try {
    const compressing = compressAnswer(ctx);
    if (compressing) await compressing;
  } catch {
    sendInternalError(ctx);
    return;
  }
  send(ctx);
}

/**
 * The raw request listener for the hot /v1 calls of `surface` (the compat
 * surface, mounted on /v1/): true when it took the request, false to leave it
 * to the Koa app.
 */
export function leanDispatch(deps: Deps, surface: MountedSurface, service: string): (req: IncomingMessage, res: ServerResponse) => boolean {
  const paths = new Set(LEAN_PATHS);
  const logAccess = accessLogger(service);
  return (req, res) => {
    if (req.method !== 'POST' || !paths.has(req.url!)) return false;
    const ctx = new LeanContext(req, res, tagRequest(deps, req, res));
    logAccess(ctx);
    serve(surface, ctx).catch(() => sendInternalError(ctx));
    return true;
  };
}
