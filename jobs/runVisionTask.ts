// Runs one queued vision task: detection, zero-shot or faces in the local
// engine's worker threads, or web detection upstream. The image lives in the
// task row only as long as the task does its work.
import type { TaskRow } from '../db/gateway/getTask.ts';
import type { TaskOutcome } from '../db/gateway/finishTask.ts';
import { runVision, visionApiError, visionUsage, type StoredVision } from '../core/vision.ts';
import type { Caller } from '../core/completion.ts';
import type { RunDeps } from './runCompletionTask.ts';

export async function runVisionTask(deps: RunDeps, task: TaskRow, signal: AbortSignal, finish: (outcome: TaskOutcome) => Promise<boolean>): Promise<void> {
  const stored = task.request as StoredVision;
  const caller: Caller = {
    keyId: task.key_id,
    providerKey: task.provider_key ?? undefined,
    service: task.service ?? undefined,
    tag: task.tag ?? undefined,
    surface: 'native',
    taskId: task.id,
  };
  try {
    const ran = await runVision(deps.db, stored, caller, signal);
    await finish({ status: 'completed', result: ran.result, usage: visionUsage(ran, caller, stored.op === 'web' ? 'web-detection' : 'vision') });
  } catch (err) {
    if (signal.aborted) return;
    const apiError = visionApiError(err);
    if (apiError.status >= 500 && apiError.kind === 'internal') deps.log.error({ err, taskId: task.id }, 'vision task failed');
    await finish({ status: 'error', error: { message: apiError.message, code: apiError.code } });
  }
}
