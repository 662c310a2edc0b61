// What every gateway handler needs from the request context, typed once.
import type { GatewayAuth } from '../../core/gatewayAuth.ts';
import type { GatewayRuntime } from '../../core/runtime.ts';
import type { ApiContext } from '../types.ts';
import { ApiError } from '../../protocols/errors.ts';
import { getTask, type TaskRow } from '../../db/gateway/getTask.ts';

export function callerOf(ctx: ApiContext): GatewayAuth {
  return ctx.state.auth as unknown as GatewayAuth;
}

export function runtimeOf(ctx: ApiContext): GatewayRuntime {
  return ctx.state.deps.gateway!;
}

export function body<T>(ctx: ApiContext): T {
  return ctx.state.op.request.requestBody as T;
}

/** The caller's own provider key, when sent (bring your own key). */
export function providerKeyOf(ctx: ApiContext): string | undefined {
  return ctx.get('x-provider-key').trim() || undefined;
}

export function ok(ctx: ApiContext, data: unknown, status = 200, message?: string): void {
  ctx.status = status;
  ctx.body = { success: true, data, ...(message ? { message } : {}) };
}

/** The caller's task, or 404: another key's task must look exactly like a missing one. */
export async function ownTask(ctx: ApiContext, queueId: string): Promise<TaskRow> {
  const task = await getTask(ctx.state.deps.db, queueId, callerOf(ctx).keyId);
  if (!task) throw new ApiError('not_found', `No task ${queueId}`, { code: 'not_found' });
  return task;
}
