import type { IncomingMessage } from 'node:http';
import type { Context } from 'koa';
import type { Operation } from 'openapi-backend';
import { ApiError } from '../../protocols/errors.ts';

/**
 * What an operation accepts as a request body, from its spec: the media types
 * of its requestBody and its size limit (`x-max-body-bytes`, which the
 * operation's description states in words). Worked out once per operation.
 */
export interface BodyRule {
  /** Its media types (lower-case, without parameters), each with how it is read: parsed as JSON, kept as text, or left on the socket for the handler. */
  kinds: ReadonlyMap<string, 'json' | 'text' | 'other'>;
  limitBytes: number;
}

/** For a requestBody whose spec states no limit (every operation states one: server/bodyLimits.test.ts). */
export const DEFAULT_LIMIT_BYTES = 1024 * 1024;

/** Deeper JSON is refused: JSON.stringify overflows its stack a few thousand levels down, and no request needs a tenth of this. */
export const MAX_JSON_DEPTH = 64;

const rules = new WeakMap<Operation, BodyRule | null>();

export function bodyRuleOf(operation: Operation): BodyRule | undefined {
  let rule = rules.get(operation);
  if (rule === undefined) {
    const requestBody = operation.requestBody as { content?: Record<string, { schema?: { contentMediaType?: string } }>; 'x-max-body-bytes'?: number } | undefined;
    rule = requestBody?.content
      ? {
          kinds: new Map(
            Object.entries(requestBody.content).map(([type, media]) => {
              const t = type.toLowerCase();
              // A text body documented as serialised JSON (the analytics beacon, sent as text/plain so
              // browsers send it without a preflight) is read as JSON and validated as the JSON body.
              const json = JSON_TYPES.test(t) || (TEXT_TYPES.test(t) && media?.schema?.contentMediaType === 'application/json');
              return [t, json ? 'json' : TEXT_TYPES.test(t) ? 'text' : 'other'] as const;
            }),
          ),
          limitBytes: requestBody['x-max-body-bytes'] ?? DEFAULT_LIMIT_BYTES,
        }
      : null;
    rules.set(operation, rule);
  }
  return rule ?? undefined;
}

const JSON_TYPES = /^application\/(?:[\w.+-]+\+)?json$/;
const TEXT_TYPES = /^(?:text\/plain|application\/x-ndjson)$/;

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaTypeOf(header: string | undefined): string {
  if (!header) return '';
  // Clients send the same header on every call, and each /v1 call asks twice (reading, validating):
  // the last answer is kept, so a repeat costs a string comparison instead of a slice, trim and lower-casing.
  if (header === lastHeader) return lastType;
  const semi = header.indexOf(';');
  lastType = (semi < 0 ? header : header.slice(0, semi)).trim().toLowerCase();
  lastHeader = header;
  return lastType;
}

let lastHeader = '';
let lastType = '';

/**
 * A Content-Length as a number: Node's parser lets through digits only, read
 * here without Number()'s general string parsing (which showed in the /v1
 * profile); anything else still goes through Number().
 */
function declaredLength(length: string): number {
  if (length.length > 15) return Number(length);
  let n = 0;
  for (let i = 0; i < length.length; i++) {
    const digit = length.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return Number(length);
    n = n * 10 + digit;
  }
  return n;
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

function tooLarge(rule: BodyRule): ApiError {
  return new ApiError('payload_too_large', `Request body exceeds this operation's limit of ${rule.limitBytes} bytes (${sizeText(rule.limitBytes)})`);
}

export interface ReadOptions {
  /** Refuse strings (and keys) holding U+0000: the surface stores what it is sent, and PostgreSQL text cannot hold NUL. */
  refuseNul: boolean;
}

/**
 * Checks a request body against its operation's rule before reading a byte of
 * it, then reads JSON and text bodies so the OpenAPI validator can see them.
 * Refusals, in the surface's own error shape:
 * - 415 for a content coding (the service decompresses nothing, so no
 *   compression bomb reaches it), a missing Content-Type on a body, or a media
 *   type the operation does not document;
 * - 413 for a declared Content-Length over the limit, or as soon as a chunked
 *   body passes it; what is left of that body is drained, not buffered, so the
 *   client reads the answer on a connection that stays usable;
 * - 400 for malformed JSON, JSON nested deeper than MAX_JSON_DEPTH, NUL where
 *   the surface refuses it, or a body that ends early.
 * Other media types (multipart uploads) are left on the socket for the handler.
 */
export async function readBody(ctx: Context, rule: BodyRule | undefined, opts: ReadOptions): Promise<unknown> {
  if (!rule || !ctx.req.readable || ctx.method === 'GET' || ctx.method === 'HEAD') return undefined;
  const length = ctx.get('content-length');
  if (length === '0' || (length === '' && ctx.get('transfer-encoding') === '')) return undefined;
  const encoding = ctx.get('content-encoding').trim().toLowerCase();
  if (encoding !== '' && encoding !== 'identity') {
    throw new ApiError('unsupported_media_type', `Content-Encoding ${encoding} is not accepted; send the body uncompressed`, {
      headers: { 'accept-encoding': 'identity' },
    });
  }
  const type = mediaTypeOf(ctx.get('content-type'));
  const kind = rule.kinds.get(type);
  if (!kind) {
    const accepted = [...rule.kinds.keys()].join(', ');
    throw new ApiError(
      'unsupported_media_type',
      type ? `Content-Type ${type} is not accepted here; send ${accepted}` : `A request body needs a Content-Type; send ${accepted}`,
    );
  }
  if (declaredLength(length) > rule.limitBytes) throw tooLarge(rule);
  if (kind === 'other') return undefined;
  const text = (await readAll(ctx.req, rule)).toString('utf8');
  if (kind === 'text') return text;
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError('invalid_request', 'Request body is not valid JSON', { code: 'invalid_json' });
  }
  // Raw NUL bytes are not valid JSON: a NUL can only arrive as the escape \u0000.
  const refused = refusedJson(value, opts.refuseNul && text.includes('\\u0000'));
  if (refused) {
    const path = ['body', ...refused.at].join('.');
    throw new ApiError('invalid_request', `Invalid request: ${path} ${refused.message}`, {
      fields: [{ path, message: refused.message }],
      param: refused.at.join('.') || 'body',
    });
  }
  return value;
}

const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';
const DEPTH_MESSAGE = `nests deeper than ${MAX_JSON_DEPTH} levels`;

/**
 * The first place where the parsed body nests too deep or (when `nul`) holds
 * NUL in a string or a key; undefined when there is none. Visits values, not
 * bytes: a large body is large because of its strings, which are only searched
 * when the text holds the escape at all. The path is built only on a refusal.
 */
function refusedJson(value: unknown, nul: boolean, depth = 1): { at: string[]; message: string } | undefined {
  if (typeof value === 'string') return nul && value.includes('\0') ? { at: [], message: NUL_MESSAGE } : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth > MAX_JSON_DEPTH) return { at: [], message: DEPTH_MESSAGE };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = refusedJson(value[i], nul, depth + 1);
      if (found) return { ...found, at: [String(i), ...found.at] };
    }
    return undefined;
  }
  for (const key in value) {
    if (nul && key.includes('\0')) return { at: [], message: 'has a key holding the NUL character (U+0000)' };
    const found = refusedJson((value as Record<string, unknown>)[key], nul, depth + 1);
    if (found) return { ...found, at: [key, ...found.at] };
  }
  return undefined;
}

/**
 * The whole body, read with plain stream events: an async iterator over the
 * request cost measurably more per request on the /v1 hot path, and so did
 * fresh listener closures, hence module-level listeners and the state on the
 * request. Past the limit the rest is drained (see drainRest).
 */
function readAll(req: IncomingMessage, rule: BodyRule): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    (req as Reading)[READING] = { chunks: [], size: 0, rule, resolve, reject };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

const READING = Symbol('body being read');

interface Reading extends IncomingMessage {
  [READING]?: { chunks: Buffer[]; size: number; rule: BodyRule; resolve: (body: Buffer) => void; reject: (err: unknown) => void };
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
  if (state.size > state.rule.limitBytes) {
    stopReading(this);
    drainRest(this, state.rule.limitBytes);
    state.reject(tooLarge(state.rule));
  } else state.chunks.push(chunk);
}

/**
 * An oversize body is read on and dropped, so the 413 reaches a client that is
 * still sending (closing at once would reset the connection under it, before
 * it reads the answer). Past another limit's worth the connection is closed.
 */
function drainRest(req: IncomingMessage, limitBytes: number): void {
  let dropped = 0;
  const cap = Math.max(limitBytes, DEFAULT_LIMIT_BYTES);
  req.on('error', () => {});
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > cap) req.socket.destroy();
  });
}

function onEnd(this: Reading): void {
  const { chunks, size, resolve } = stopReading(this);
  resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
}

function onError(this: Reading, err: Error): void {
  stopReading(this).reject(ended(err));
}

/** Closed before the end: the client went away mid-body. */
function onClose(this: Reading): void {
  stopReading(this).reject(ended());
}

/** The client's doing, not the service's: a 400 (nobody may be left to read it) rather than a logged 500. */
function ended(cause?: Error): ApiError {
  const err = new ApiError('invalid_request', 'The request body ended before it was complete', { code: 'incomplete_body' });
  if (cause) err.cause = cause;
  return err;
}
