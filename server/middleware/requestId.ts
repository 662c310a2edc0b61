import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { AppState, Deps } from '../types.ts';

const SAFE_ID = /^[\w.:-]{1,128}$/;

/** Tags each request with an id (the caller's, if it sent a sane one) and a child logger carrying it. */
export function requestId(deps: Deps): Middleware<AppState> {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const id = SAFE_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.state.deps = deps;
    ctx.state.log = deps.log.child({ reqId: id });
    ctx.set('x-request-id', id);
    await next();
  };
}
