// Picks the runner for a task's kind.
import type { TaskRow } from '../db/gateway/getTask.ts';
import { finishTask } from '../db/gateway/finishTask.ts';
import { runCompletionTask, type RunDeps } from './runCompletionTask.ts';

export async function runTask(deps: RunDeps, task: TaskRow, signal: AbortSignal): Promise<void> {
  switch (task.kind) {
    case 'completion':
      return runCompletionTask(deps, task, signal);
    default:
      await finishTask(deps.db, task.id, { status: 'error', error: { message: `${task.kind} tasks are not implemented yet`, code: 'not_implemented' } });
      await deps.notifier.publish('gateway_done', task.id);
  }
}
