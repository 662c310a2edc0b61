import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { AppState, Deps } from '../types.ts';

const SAFE_ID = /^[\w.:-]{1,128}$/;

/**
 * Tags each request with an id (the caller's, if it sent a sane one) and a
 * logger carrying it. The child logger is made on first use: most requests
 * never log except through the access log, which passes the id itself, and a
 * pino child per request was measurable on the hot path.
 */
export function requestId(deps: Deps): Middleware<AppState> {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const id = SAFE_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.state.deps = deps;
    let log: Logger | undefined;
    Object.defineProperty(ctx.state, 'log', {
      get: () => (log ??= deps.log.child({ reqId: id })),
      set: (value: Logger) => (log = value),
      enumerable: true,
      configurable: true,
    });
    ctx.set('x-request-id', id);
    await next();
  };
}
