import type { Middleware } from 'koa';
import type { AppState } from '../../handlers/types.ts';
import type { TrafficRecorder } from '../../core/console/traffic.ts';
import type { GatewayAuth } from '../../core/gatewayAuth.ts';
import { isWarmUp } from '../../core/warmUp.ts';
import type { TaskRow } from '../../db/gateway/getTask.ts';
import type { TaskOutcome } from '../../db/gateway/finishTask.ts';

type Counted = Parameters<Middleware<AppState>>[0];

/** Counts every finished /v1 call a key got through (the console's Overview: calls, errors by code, latency). */
export function trafficCounting(traffic: TrafficRecorder): Middleware<AppState> {
  return (ctx, next) => {
    if (ctx.path.startsWith('/v1/')) ctx.res.once('close', () => count(traffic, ctx));
    return next();
  };
}

function count(traffic: TrafficRecorder, ctx: Counted): void {
  const state = ctx.state;
  const auth = state.auth as GatewayAuth | undefined;
  // The start-up warm-up's calls (core/warmUp.ts) are nobody's traffic.
  if (!auth?.keyId || isWarmUp(auth)) return;
  const status = ctx.res.headersSent ? ctx.res.statusCode : ctx.status;
  const result = state.completion;
  const asked = (ctx.request as { body?: { model?: unknown } }).body?.model;
  // A stream that broke after its 200 went out carries its error code all the same.
  const errorCode = state.errorCode ?? (status >= 400 ? `http_${status}` : undefined);
  traffic.observe({
    keyId: auth.keyId,
    teamId: auth.teamId,
    provider: result?.provider,
    model: result?.model ?? (typeof asked === 'string' ? asked.slice(0, 256) : undefined),
    errorCode,
    latencyMs: Math.round((performance.now() - state.startedAt) * 100) / 100,
    at: new Date(),
  });
}

/**
 * Counts every queued native task this process ran as it ends (completed or
 * failed with its errorCode; a cancelled one is not), its latency from submit
 * to end: what the caller waited. A task a /v1 call submitted and waits on
 * (its request names the surface) is left out: the /v1 call is counted.
 */
export function taskCounting(traffic: TrafficRecorder, now: () => number = Date.now): (task: TaskRow, outcome: TaskOutcome) => void {
  return (task, outcome) => {
    if ((task.request as { surface?: unknown } | null)?.surface !== undefined) return;
    const end = now();
    traffic.observeTask({
      keyId: task.key_id,
      provider: task.provider,
      ...(task.model ? { model: task.model } : {}),
      ...(outcome.status === 'error' ? { errorCode: outcome.error.code } : {}),
      latencyMs: Math.max(0, Math.round((end - new Date(task.created_at).getTime()) * 100) / 100),
      at: new Date(end),
    });
  };
}
