// A queued text recognition or redaction, run on the local OCR engine. The
// image lives in the task row only until the task ends.
import { ocrUsage, recognize, redact, type StoredRecognition, type StoredRedaction } from '../ocr.ts';
import { runPricedTask, type TaskRunner } from './types.ts';

export const runOcrTask: TaskRunner = (deps, task, signal, finish) =>
  runPricedTask(deps, task, signal, finish, async (caller) => {
    // A caller's own provider key means nothing to a local engine.
    const local = { ...caller, providerKey: undefined };
    if (task.kind === 'redaction') {
      const result = await redact(task.request as StoredRedaction, signal);
      return { result, usage: ocrUsage('redaction', result.model, result.cost, local) };
    }
    const result = await recognize(task.request as StoredRecognition, signal);
    return { result, usage: ocrUsage('ocr', result.model, result.cost, local) };
  });
