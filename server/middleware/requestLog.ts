import type { Middleware } from 'koa';
import type { AppState } from '../../handlers/types.ts';
import type { RequestLog } from '../../core/requestLog.ts';
import type { GatewayAuth } from '../../core/gatewayAuth.ts';
import { isWarmUp } from '../../core/warmUp.ts';

type Logged = Parameters<Middleware<AppState>>[0];

/** Hands every finished /v1 call to the request log, which decides (by key, team, globally) whether to keep it. */
export function requestLogging(requestLog: RequestLog): Middleware<AppState> {
  return (ctx, next) => {
    if (ctx.path.startsWith('/v1/')) ctx.res.once('close', () => observe(requestLog, ctx));
    return next();
  };
}

function observe(requestLog: RequestLog, ctx: Logged): void {
  const state = ctx.state;
  const auth = state.auth as GatewayAuth | undefined;
  // Calls no key got through (refused at the door) belong to nobody's log.
  if (!auth?.keyId || isWarmUp(auth)) return;
  requestLog.observe({
    keyId: auth.keyId,
    teamId: auth.teamId,
    tags: auth.tags,
    requestId: state.requestId,
    traceId: state.traceId,
    operation: state.op?.operation?.operationId,
    method: ctx.method,
    path: ctx.path,
    status: ctx.res.headersSent ? ctx.res.statusCode : ctx.status,
    errorCode: state.errorCode,
    latencyMs: Math.round((performance.now() - state.startedAt) * 100) / 100,
    upstreamMs: state.upstreamMs === undefined ? undefined : Math.round(state.upstreamMs * 100) / 100,
    request: (ctx.request as { body?: unknown }).body,
    response: ctx.body,
    result: state.completion,
  });
}
