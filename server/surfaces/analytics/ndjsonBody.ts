import type { Middleware } from 'koa';
import { ApiError } from '../../../protocols/errors.ts';
import type { AppState } from '../../../handlers/types.ts';
import { mediaTypeOf } from '../../middleware/body.ts';

const LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * NDJSON import bodies are read here, before the router: openapi-backend would
 * otherwise JSON.parse a one-line NDJSON body and validate it as the JSON form.
 */
export const ndjsonBody: Middleware<AppState> = async (ctx, next) => {
  const type = mediaTypeOf(ctx.get('content-type'));
  if (ctx.method === 'POST' && type === 'application/x-ndjson' && ctx.path.replace(/\/$/, '') === '/v1/import') {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req) {
      size += (chunk as Buffer).length;
      if (size > LIMIT_BYTES) throw new ApiError('payload_too_large', `Request body exceeds ${LIMIT_BYTES} bytes`);
      chunks.push(chunk as Buffer);
    }
    (ctx.state as AppState & { ndjson?: string }).ndjson = Buffer.concat(chunks).toString('utf8');
  }
  await next();
};
