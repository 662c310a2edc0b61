// What the native handlers share: the response envelope, the caller's own tasks, what the agent operations need.
import type { ApiContext } from '../types.ts';
import { ApiError } from '../../protocols/errors.ts';
import { isRowId, MAX_ROW_ID } from '../../db/rowId.ts';
import { getTaskState, type TaskState } from '../../db/gateway/getTaskState.ts';
import { keyOf } from '../gatewayContext.ts';
import type { AgentsDeps } from '../../core/agents/upstream.ts';
import type { Actor } from '../../core/governance/admin.ts';

export function ok(ctx: ApiContext, data: unknown, status = 200, message?: string): void {
  ctx.status = status;
  ctx.body = { success: true, data, ...(message ? { message } : {}) };
}

/** The caller's task, or 404: another key's task must look exactly like a missing one. */
export async function ownTask(ctx: ApiContext, queueId: string): Promise<TaskState> {
  const task = await getTaskState(ctx.state.deps.db, queueId, keyOf(ctx).keyId);
  if (!task) throw new ApiError('not_found', `No task ${queueId}`, { code: 'not_found' });
  return task;
}

/** What the conversational-agent operations need: the database, the environment and this request's logger. */
export function agentsDepsOf(ctx: ApiContext): AgentsDeps {
  const governor = ctx.state.deps.gateway?.governor;
  return { db: ctx.state.deps.db, env: ctx.state.deps.env, log: ctx.state.log, ...(governor ? { governor } : {}) };
}

/** The X-Webhook-Secret a conversation webhook presented. */
export function webhookSecretOf(ctx: ApiContext): string | undefined {
  return ctx.get('x-webhook-secret') || undefined;
}

/**
 * An integer path id as the number its generated type promises: the server
 * validates path parameters but, like openapi-backend, hands them on as the
 * strings the URL had.
 */
export function pathId(id: number | string): number {
  const n = Number(id);
  // Ids are PostgreSQL integers: anything else names no row (and must not reach the query).
  if (!isRowId(n)) throw new ApiError('not_found', 'Not found', { code: 'not_found' });
  return n;
}

/**
 * An integer id from a body or query field. The spec bounds it, so the validator
 * refuses a larger one first; this keeps any that slips through (a coerced
 * query value such as "Infinity") from reaching a query as a 500.
 */
export function fieldId(value: number | undefined, param: string): number | undefined {
  if (value === undefined || isRowId(value)) return value;
  throw new ApiError('invalid_request', `${param} must be a whole number from 1 to ${MAX_ROW_ID}`, { code: 'bad_request', param });
}

/** The admin key calling, as the audit log names it; 403 `admin_only` for a member's key. */
export function adminOf(ctx: ApiContext): Actor {
  const key = keyOf(ctx);
  if (key.role !== 'admin') throw new ApiError('forbidden', 'Only an admin key may do this', { code: 'admin_only' });
  return { keyId: key.keyId, name: key.keyName };
}
