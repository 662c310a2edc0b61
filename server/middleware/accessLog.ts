import type { Middleware } from 'koa';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppState } from '../../handlers/types.ts';
import { httpDuration, httpRequests } from '../../metrics/index.ts';

/** What the access log reads of a request: Koa's context, or the lean /v1 dispatch's (server/lean.ts). */
export interface Logged {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly res: ServerResponse<IncomingMessage>;
  state: AppState;
}

/**
 * One line per request once the response is done; headers (and so keys) are never logged.
 * Written through the service logger with reqId as a field (the same line a
 * child logger would write) so that logging does not need a child per request.
 * The same moment counts the request in the metrics, by operationId and status.
 * Returns what arms it for one request.
 */
export function accessLogger(service: string): (ctx: Logged) => void {
  // Metric children by operation and status, resolved once: labels() hashes its arguments on every call.
  const children = new Map<string, { requests: { inc(): void }; duration: { observe(v: number): void } }>();
  return (ctx) => {
    ctx.res.once('close', () => {
      const ms = performance.now() - ctx.state.startedAt;
      // Requests no operation matched (static files, unknown paths, /metrics itself) share one label.
      const operation = ctx.state.op?.operation?.operationId ?? (ctx.path === '/metrics' ? 'metrics' : 'other');
      const status = String(ctx.res.headersSent ? ctx.res.statusCode : ctx.status);
      const key = `${operation} ${status}`;
      let child = children.get(key);
      if (!child) children.set(key, (child = { requests: httpRequests.labels(service, operation, status), duration: httpDuration.labels(service, operation, status) }));
      child.requests.inc();
      child.duration.observe(ms / 1000);
      const log = ctx.state.deps.log;
      if (!log.isLevelEnabled('info')) return;
      log.info({ reqId: ctx.state.requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 100) / 100 }, 'request');
    });
  };
}

/** The access log as Koa middleware. */
export function accessLog(service: string): Middleware<AppState> {
  const arm = accessLogger(service);
  // Not async: the line is written from the response's close, so next()'s promise is passed on as is.
  return (ctx, next) => {
    arm(ctx);
    return next();
  };
}
