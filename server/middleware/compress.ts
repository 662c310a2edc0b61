// Compresses text responses worth it, by the caller's Accept-Encoding: brotli
// when accepted, else gzip. Small bodies (most /v1 answers) go out as they
// are: below a packet's worth compression saves nothing and costs a thread-pool
// hop; the check is a header read and a length. Event streams are never
// compressed (each event must leave when written); a response that already has
// a Content-Encoding (precompressed assets) is left alone.
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Context, Middleware } from 'koa';

/** Bodies smaller than this go out uncompressed (about one TCP segment). */
export const MIN_COMPRESS_BYTES = 1400;

const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:json|x-ndjson|yaml|javascript|xml|[\w.+-]+\+json)|image\/svg\+xml)/i;

// Quick settings for bodies made per request: brotli 4 and gzip 6 are close to
// their best ratios on JSON at a fraction of the top levels' time.
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } };
const GZIP = { level: 6 };
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';

/** The encoding to answer with, from an Accept-Encoding header (q-values honoured; `identity` alone means none). */
export function chooseEncoding(accept: string | undefined): Encoding | undefined {
  if (!accept) return undefined;
  let br = 0;
  let gz = 0;
  let star = 0;
  for (const part of accept.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.find((p) => p.trim().startsWith('q='));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    const weight = Number.isFinite(q) ? q : 0;
    if (token === 'br') br = weight;
    else if (token === 'gzip' || token === 'x-gzip') gz = weight;
    else if (token === '*') star = weight;
  }
  if (!accept.toLowerCase().includes('br')) br = star;
  if (!/gzip/i.test(accept)) gz = star;
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return undefined;
}

export function compressBody(body: Buffer | string, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, BROTLI) : gzip(body, GZIP);
}

function compressStream(body: Readable, encoding: Encoding): Readable {
  const transform = encoding === 'br' ? zlib.createBrotliCompress(BROTLI) : zlib.createGzip(GZIP);
  body.once('error', (err) => transform.destroy(err));
  return body.pipe(transform);
}

function addVary(ctx: Answer): void {
  const vary = ctx.response.get('vary');
  if (!vary) ctx.set('vary', 'Accept-Encoding');
  else if (!/accept-encoding|\*/i.test(vary)) ctx.set('vary', `${vary}, Accept-Encoding`);
}

/** What compressAnswer reads and sets of a request's Koa context. */
export interface Answer {
  body: unknown;
  respond?: boolean;
  readonly method: string;
  readonly status: number;
  set(name: string, value: string): void;
  remove(name: string): void;
  /** A request header. */
  get(name: string): string;
  response: { get(name: string): string };
}

export function compress(): Middleware {
  return async (ctx, next) => {
    await next();
    await compressAnswer(ctx);
  };
}

/**
 * The answer's body as it goes out: JSON serialised, compressed when large and
 * the caller accepts it. A promise only when it compresses: most answers are
 * small, and their path should not pay an async frame and a microtask.
 */
export function compressAnswer(ctx: Answer): Promise<void> | undefined {
  const body: unknown = ctx.body;
  // Nothing to do: no body, a body sent by hand (SSE), already encoded, or HEAD.
  if (body === undefined || body === null || ctx.respond === false || ctx.method === 'HEAD' || ctx.status === 204 || ctx.status === 304) return;
  // JSON as Koa would write it, serialised here once instead of there. Small
  // bodies (most answers) go out as they are, whatever their type: no header is read for them.
  const isStream = body instanceof Readable;
  const raw = isStream ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  // A string's length in UTF-16 units never exceeds its length in bytes: under the bound, it is small.
  if (raw !== undefined && raw.length < MIN_COMPRESS_BYTES) {
    if (raw !== body) ctx.body = raw;
    return;
  }
  if (ctx.response.get('content-encoding') || !COMPRESSIBLE.test(ctx.response.get('content-type'))) {
    if (raw !== undefined && raw !== body) ctx.body = raw;
    return;
  }
  if (isStream) {
    // A stream of known length is a stored media result (base64 of PNG, MP4,
    // WAV: already compressed data) sent with its length on purpose, so the
    // client sees its progress; gzip would gain little and lose that.
    if (ctx.response.get('content-length')) return;
    addVary(ctx);
    const encoding = chooseEncoding(ctx.get('accept-encoding'));
    if (!encoding) return;
    ctx.set('content-encoding', encoding);
    ctx.remove('content-length');
    ctx.body = compressStream(body as Readable, encoding);
    return;
  }
  addVary(ctx);
  const encoding = chooseEncoding(ctx.get('accept-encoding'));
  if (!encoding) {
    if (raw !== body) ctx.body = raw;
    return;
  }
  return compressBody(raw!, encoding).then((compressed) => {
    ctx.body = compressed;
    ctx.set('content-encoding', encoding);
  });
}
