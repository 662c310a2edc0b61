// A queued vision task: detection, zero-shot or faces in the local engine's
// worker threads, or web detection upstream. Its image, a file beside the
// task (core/engineInput.ts), goes when the task has ended; a blurred image it
// made is kept there too, referenced by its result.
import { runVision, visionUsage, type StoredVision } from '../vision.ts';
import { endTaskFiles, keepTaskOutput, taskImage } from '../engineInput.ts';
import { runPricedTask, type TaskRunner } from './types.ts';

export const runVisionTask: TaskRunner = async (deps, task, signal, finish) => {
  const stored = task.request as StoredVision;
  const completed = await runPricedTask(deps, task, signal, finish, async (caller) => {
    const keep = (base: string, bytes: Uint8Array) => keepTaskOutput(task.id, base, bytes);
    const ran = await runVision(deps.db, stored, taskImage(task.id, stored), caller, signal, process.env, keep);
    return { result: ran.result, usage: visionUsage(ran, caller, stored.op === 'web' ? 'web-detection' : 'vision') };
  });
  // Only once the end is written: a task whose end could not be written runs again and needs its image.
  await endTaskFiles(task.id, stored, completed);
};
