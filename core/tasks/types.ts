// What every task runner is given and how it ends its task. A runner per task
// kind lives beside this file; core/tasks/index.ts picks one by kind.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { TaskRow } from '../../db/gateway/getTask.ts';
import type { TaskOutcome } from '../../db/gateway/finishTask.ts';
import type { UsageRecord } from '../../db/gateway/insertUsage.ts';
import type { Notifier } from '../../jobs/notifier.ts';
import { logFailure, toApiError } from '../errors.ts';
import type { Caller } from '../providerCall.ts';

export interface RunDeps {
  db: Knex;
  notifier: Notifier;
  log: Logger;
  /** The service's environment: SWITCHYARD_SECRET_KEY opens what a task holds sealed. */
  env: NodeJS.ProcessEnv;
}

/** Writes the task's end (and its usage) in one transaction; false when the task had already ended (cancelled). */
export type Finish = (outcome: TaskOutcome) => Promise<boolean>;

export type TaskRunner = (deps: RunDeps, task: TaskRow, signal: AbortSignal, finish: Finish) => Promise<void>;

/** The caller a task runs for: its key, its own provider key and its usage labels. */
export function callerOfTask(task: TaskRow): Caller {
  return {
    keyId: task.key_id,
    providerKey: task.providerKey,
    service: task.service ?? undefined,
    tag: task.tag ?? undefined,
    surface: 'native',
    taskId: task.id,
  };
}

/**
 * A failure as the task's error: the native API's code and message, which the
 * status and result endpoints report. Logged as core/errors.ts logs every
 * failure (the provider's, without secrets; the gateway's own, with its stack).
 */
export function failedOutcome(deps: RunDeps, task: TaskRow, err: unknown): TaskOutcome {
  const apiError = toApiError(err);
  logFailure(deps.log, apiError, { taskId: task.id, kind: task.kind });
  return { status: 'error', error: { message: apiError.message, code: apiError.code } };
}

/**
 * Runs a task whose work is one priced call, and ends it: the result and its
 * usage row in one transaction, or the error. A cancelled task is left as the
 * cancel wrote it. Answers whether the task ended completed by this run (so
 * what its result refers to is to be kept).
 */
export async function runPricedTask(
  deps: RunDeps,
  task: TaskRow,
  signal: AbortSignal,
  finish: Finish,
  work: (caller: Caller) => Promise<{ result: unknown; usage: UsageRecord }>,
): Promise<boolean> {
  let outcome: TaskOutcome;
  try {
    const { result, usage } = await work(callerOfTask(task));
    outcome = { status: 'completed', result, usage };
  } catch (err) {
    if (signal.aborted) return false;
    outcome = failedOutcome(deps, task, err);
  }
  const ended = await finish(outcome);
  return ended && outcome.status === 'completed';
}
