// A queued text recognition or redaction, run on the local OCR engine. Its
// image, a file beside the task (core/engineInput.ts), goes when the task has
// ended; a redacted image is kept there, referenced by its result.
import { ocrUsage, recognize, redact, type StoredRecognition, type StoredRedaction } from '../ocr.ts';
import { endTaskFiles, keepTaskOutput, taskImage } from '../engineInput.ts';
import { runPricedTask, type TaskRunner } from './types.ts';

export const runOcrTask: TaskRunner = async (deps, task, signal, finish) => {
  const stored = task.request as StoredRecognition | StoredRedaction;
  const completed = await runPricedTask(deps, task, signal, finish, async (caller) => {
    // A caller's own provider key means nothing to a local engine.
    const local = { ...caller, providerKey: undefined };
    if (task.kind === 'redaction') {
      const keep = (bytes: Uint8Array) => keepTaskOutput(task.id, 'redacted', bytes);
      const result = await redact(stored as StoredRedaction, taskImage(task.id, stored), signal, keep);
      return { result, usage: ocrUsage('redaction', result.model, result.cost, local) };
    }
    const result = await recognize(stored as StoredRecognition, taskImage(task.id, stored), signal);
    return { result, usage: ocrUsage('ocr', result.model, result.cost, local) };
  });
  // Only once the end is written: a task whose end could not be written runs again and needs its image.
  await endTaskFiles(task.id, stored, completed);
};
