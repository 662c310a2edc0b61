import type { Middleware } from 'koa';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppState } from '../../handlers/types.ts';
import { httpDuration, httpRequests } from '../../metrics/index.ts';
import { isWarmUp } from '../../core/warmUp.ts';

/** What the access log reads of a request's Koa context. */
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
  const access = new AccessLog(service);
  return (ctx) => {
    const res = ctx.res as Armed;
    res[LOGGED] = ctx;
    res[ACCESS_LOG] = access;
    // One listener function for every response: no closure and no once() wrapper per request.
    res.on('close', responseClosed);
    // A response carries a fixed set of close listeners, not a growing one: this log, tracing, the
    // request log and traffic counts (/v1), the caller's abort signal, Koa's on-finished and, for a
    // streamed body, the pipeline's end-of-stream watch: 11 on a streamed /v1 media answer. Node's
    // default of 10 would warn of a leak on every such answer.
    res.setMaxListeners(MAX_CLOSE_LISTENERS);
  };
}

const MAX_CLOSE_LISTENERS = 16;

const LOGGED = Symbol('the request the access log writes a line for');
const ACCESS_LOG = Symbol('the access log writing it');

type Armed = ServerResponse<IncomingMessage> & { [LOGGED]?: Logged; [ACCESS_LOG]?: AccessLog };

function responseClosed(this: Armed): void {
  this[ACCESS_LOG]!.closed(this[LOGGED]!);
}

type Counted = { requests: { inc(): void }; duration: { observe(v: number): void } };

class AccessLog {
  private readonly service: string;
  // Metric children by operation, then status, resolved once.
  private readonly children = new Map<string, Map<number, Counted>>();

  constructor(service: string) {
    this.service = service;
  }

  closed(ctx: Logged): void {
    // The start-up warm-up's calls (core/warmUp.ts) are nobody's: no line, no count.
    if (isWarmUp(ctx.state.auth as { keyId?: string } | undefined)) return;
    const ms = performance.now() - ctx.state.startedAt;
    // Requests no operation matched (static files, unknown paths, /metrics itself) share one label.
    const operation = ctx.state.op?.operation?.operationId ?? (ctx.path === '/metrics' ? 'metrics' : 'other');
    const status = ctx.res.headersSent ? ctx.res.statusCode : ctx.status;
    const child = this.counted(operation, status);
    child.requests.inc();
    child.duration.observe(ms / 1000);
    const line = { reqId: ctx.state.requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 100) / 100 };
    ctx.state.deps.log.info(ctx.state.traceId ? { ...line, traceId: ctx.state.traceId } : line, 'request');
  }

  private counted(operation: string, status: number): Counted {
    let byStatus = this.children.get(operation);
    if (!byStatus) this.children.set(operation, (byStatus = new Map()));
    let child = byStatus.get(status);
    if (!child) {
      const code = String(status);
      byStatus.set(status, (child = { requests: httpRequests.labels(this.service, operation, code), duration: httpDuration.labels(this.service, operation, code) }));
    }
    return child;
  }
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
