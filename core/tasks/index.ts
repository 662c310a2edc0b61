// Picks the runner for a task's kind.
import type { TaskRow } from '../../db/gateway/getTask.ts';
import type { TaskOutcome } from '../../db/gateway/finishTask.ts';
import { runCompletionTask, type RunDeps } from './completion.ts';
import { runEmbeddingsTask } from './embeddings.ts';

export async function runTask(deps: RunDeps, task: TaskRow, signal: AbortSignal, finish: (outcome: TaskOutcome) => Promise<boolean>): Promise<void> {
  switch (task.kind) {
    case 'completion':
      return runCompletionTask(deps, task, signal, finish);
    case 'embeddings':
      return runEmbeddingsTask(deps, task, signal, finish);
    default:
      await finish({ status: 'error', error: { message: `${task.kind} tasks are not implemented yet`, code: 'not_implemented' } });
  }
}
