// A media task run for a caller who waits for it: the /v1 media endpoints.
// The call is submitted exactly as the native operation submits it (same
// queue, provider limits, runner, marking, cost and usage row) and this waits
// for the task's end, woken by the end's NOTIFY wherever a worker ran it. A
// caller who goes away cancels the task, as the native cancel would.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { getTask, type TaskRow } from '../../db/gateway/getTask.ts';
import type { TaskError } from '../../db/gateway/finishTask.ts';
import { ApiError, type ErrorKind } from '../../protocols/errors.ts';
import type { GatewayRuntime } from '../runtime.ts';
import type { Caller } from '../providerCall.ts';
import { wakeup } from '../wakeup.ts';
import { submitMedia, type PreparedMedia } from './prepare.ts';
import type { Ticket } from '../governance/governor.ts';

// Only a safety net: the end's NOTIFY wakes the wait (a lost notice costs this much).
const STATUS_CHECK_MS = 2_000;

export type CompletedTask = TaskRow & { status: 'completed' };

/** Native codes as the /v1 protocols answer them, for a failed task that kept no /v1 answer of its own. */
const FALLBACK: Record<string, { kind: ErrorKind; code: string }> = {
  provider_not_configured: { kind: 'unavailable', code: 'provider_not_configured' },
  timeout: { kind: 'upstream', code: 'upstream_timeout' },
  rate_limited: { kind: 'rate_limited', code: 'upstream_rate_limited' },
  unsupported_option: { kind: 'invalid_request', code: 'capability_not_supported' },
  upstream_rejected: { kind: 'invalid_request', code: 'invalid_request' },
  invalid_request: { kind: 'invalid_request', code: 'invalid_request' },
};

/** A failed task as the error its /v1 caller gets. */
export function compatTaskError(error: TaskError | null): ApiError {
  const message = error?.message ?? 'The media task failed';
  const c = error?.compat;
  if (c) return new ApiError(c.kind as ErrorKind, message, { code: c.code, status: c.status, param: c.param });
  const fallback = (error && FALLBACK[error.code]) ?? { kind: 'upstream' as const, code: 'upstream_error' };
  return new ApiError(fallback.kind, message, { code: fallback.code });
}

/**
 * Submits the prepared task for `caller` (its usage row carries `caller.surface`)
 * and answers it once completed; a failed task throws its /v1 error. When
 * `signal` aborts first (the client left), the task is cancelled.
 */
export async function submitAndWait(o: {
  runtime: GatewayRuntime;
  db: Knex;
  caller: Caller;
  prepared: PreparedMedia;
  signal: AbortSignal;
  /** What the call reserved of its limits and budgets (core/governance): the task holds it. */
  ticket?: Ticket | null;
}): Promise<CompletedTask> {
  const { runtime, db, caller, signal } = o;
  const id = randomUUID();
  const pause = wakeup();
  const poke = () => pause.poke();
  // Payloads name one task or several (`id,id,…`); listen before submitting so no end is missed.
  const onDone = (payload: string) => {
    if (payload.includes(id)) poke();
  };
  runtime.notifier.on('gateway_done', onDone);
  signal.addEventListener('abort', poke, { once: true });
  try {
    await submitMedia(runtime, caller.keyId, o.prepared, caller.providerKey, { id, surface: caller.surface, ticket: o.ticket });
    for (;;) {
      pause.arm();
      const task = await getTask(db, id);
      if (!task) throw new ApiError('internal', 'The media task disappeared', { code: 'internal_error' });
      if (task.status === 'completed') return task as CompletedTask;
      if (task.status === 'error') throw compatTaskError(task.error);
      if (task.status === 'cancelled') throw new ApiError('invalid_request', 'The media task was cancelled', { code: 'task_cancelled' });
      if (signal.aborted) {
        await runtime.queue.cancel(id, caller.keyId).catch(() => undefined);
        throw new ApiError('invalid_request', 'Client closed the connection', { code: 'client_closed' });
      }
      await pause.pause(STATUS_CHECK_MS);
    }
  } finally {
    runtime.notifier.off('gateway_done', onDone);
    signal.removeEventListener('abort', poke);
  }
}
