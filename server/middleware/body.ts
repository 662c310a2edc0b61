import type { Context } from 'koa';
import { ApiError } from '../errors.ts';

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
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) throw new ApiError('payload_too_large', `Request body exceeds ${limitBytes} bytes`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  ctx.state.rawBody = text;
  if (!isJson) return text;
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('invalid_request', 'Request body is not valid JSON', { code: 'invalid_json' });
  }
}
