import type { Middleware } from 'koa';
import type { AppState } from '../types.ts';

/** One line per request once the response is done; headers (and so keys) are never logged. */
export function accessLog(): Middleware<AppState> {
  return async (ctx, next) => {
    const started = performance.now();
    ctx.res.once('close', () => {
      ctx.state.log.info(
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round((performance.now() - started) * 100) / 100 },
        'request',
      );
    });
    await next();
  };
}
