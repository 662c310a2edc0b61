import type { IncomingMessage } from 'node:http';
import type { Context } from 'koa';
import { ApiError } from '../../protocols/errors.ts';

const JSON_TYPES = /^application\/(?:[\w.+-]+\+)?json$/;
const TEXT_TYPES = /^(?:text\/plain|application\/x-ndjson)$/;

/**
 * Reads JSON and text bodies up front so the OpenAPI validator can see them.
 * Anything else (multipart uploads) is left on the socket for its handler to stream.
 */
export async function readBody(ctx: Context, limitBytes: number): Promise<unknown> {
  if (!ctx.req.readable || ctx.method === 'GET' || ctx.method === 'HEAD') return undefined;
  const type = (ctx.get('content-type').split(';')[0] ?? '').trim().toLowerCase();
  const isJson = JSON_TYPES.test(type) || (type === '' && ctx.get('content-length') !== '0' && ctx.method !== 'DELETE');
  if (!isJson && !TEXT_TYPES.test(type)) return undefined;
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limitBytes) throw new ApiError('payload_too_large', `Request body exceeds ${limitBytes} bytes`);
  const text = (await readAll(ctx.req, limitBytes)).toString('utf8');
  ctx.state.rawBody = text;
  if (!isJson) return text;
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('invalid_request', 'Request body is not valid JSON', { code: 'invalid_json' });
  }
}

/**
 * The whole body, read with plain stream events: an async iterator over the
 * request cost measurably more per request on the /v1 hot path, and so did
 * fresh listener closures, hence module-level listeners and the state on the request. Past the limit the
 * request is destroyed, as leaving a for-await loop early did.
 */
function readAll(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    (req as Reading)[READING] = { chunks: [], size: 0, limitBytes, resolve, reject };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

const READING = Symbol('body being read');

interface Reading extends IncomingMessage {
  [READING]?: { chunks: Buffer[]; size: number; limitBytes: number; resolve: (body: Buffer) => void; reject: (err: unknown) => void };
}

function stopReading(req: Reading) {
  const state = req[READING]!;
  req[READING] = undefined;
  req.off('data', onData);
  req.off('end', onEnd);
  req.off('error', onError);
  req.off('close', onClose);
  return state;
}

function onData(this: Reading, chunk: Buffer): void {
  const state = this[READING]!;
  state.size += chunk.length;
  if (state.size > state.limitBytes) {
    stopReading(this);
    this.destroy();
    state.reject(new ApiError('payload_too_large', `Request body exceeds ${state.limitBytes} bytes`));
  } else state.chunks.push(chunk);
}

function onEnd(this: Reading): void {
  const { chunks, size, resolve } = stopReading(this);
  resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
}

function onError(this: Reading, err: Error): void {
  stopReading(this).reject(err);
}

/** Closed before the end: the client went away mid-body. */
function onClose(this: Reading): void {
  stopReading(this).reject(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
}
