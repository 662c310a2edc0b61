// A queued vision task: detection, zero-shot or faces in the local engine's
// worker threads, or web detection upstream. The image lives in the task row
// only as long as the task does.
import { runVision, visionUsage, type StoredVision } from '../vision.ts';
import { runPricedTask, type TaskRunner } from './types.ts';

export const runVisionTask: TaskRunner = (deps, task, signal, finish) =>
  runPricedTask(deps, task, signal, finish, async (caller) => {
    const stored = task.request as StoredVision;
    const ran = await runVision(deps.db, stored, caller, signal);
    return { result: ran.result, usage: visionUsage(ran, caller, stored.op === 'web' ? 'web-detection' : 'vision') };
  });
