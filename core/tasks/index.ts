// The runner for each task kind. A new queued operation adds its runner file
// beside this one and a line here.
import type { TaskRow } from '../../db/gateway/getTask.ts';
import { runCompletionTask } from './completion.ts';
import { runEmbeddingsTask } from './embeddings.ts';
import { MEDIA_KINDS, runMediaTask } from './media.ts';
import { runOcrTask } from './ocr.ts';
import { runVisionTask } from './vision.ts';
import type { Finish, RunDeps, TaskRunner } from './types.ts';
import { queueWait } from '../../metrics/index.ts';

const RUNNERS: Record<string, TaskRunner> = {
  completion: runCompletionTask,
  embeddings: runEmbeddingsTask,
  ...Object.fromEntries(MEDIA_KINDS.map((kind) => [kind, runMediaTask])),
  ocr: runOcrTask,
  redaction: runOcrTask,
  vision: runVisionTask,
};

// Histogram children by kind, resolved once: labels() hashes its arguments on every call.
const waits = new Map<string, { observe(seconds: number): void }>();
function waitOf(kind: string): { observe(seconds: number): void } {
  let child = waits.get(kind);
  if (!child) waits.set(kind, (child = queueWait.labels(kind)));
  return child;
}

export async function runTask(deps: RunDeps, task: TaskRow, signal: AbortSignal, finish: Finish): Promise<void> {
  const run = RUNNERS[task.kind];
  // Both times are the database's clock, so processes on other machines agree.
  if (task.started_at) waitOf(task.kind).observe(Math.max(0, task.started_at.getTime() - task.created_at.getTime()) / 1000);
  if (run) return run(deps, task, signal, finish);
  await finish({ status: 'error', error: { message: `${task.kind} tasks are not implemented yet`, code: 'not_implemented' } });
}
