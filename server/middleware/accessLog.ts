import type { Middleware } from 'koa';
import type { AppState } from '../../handlers/types.ts';

/**
 * One line per request once the response is done; headers (and so keys) are never logged.
 * Written through the service logger with reqId as a field (the same line a
 * child logger would write) so that logging does not need a child per request.
 */
export function accessLog(): Middleware<AppState> {
  // Not async: the line is written from the response's close, so next()'s promise is passed on as is.
  return (ctx, next) => {
    const started = performance.now();
    ctx.res.once('close', () => {
      const log = ctx.state.deps.log;
      if (!log.isLevelEnabled('info')) return;
      log.info(
        { reqId: ctx.state.requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round((performance.now() - started) * 100) / 100 },
        'request',
      );
    });
    return next();
  };
}
