// Runs one queued embeddings call. Input text lives in the task row only
// until the task ends; vectors are returned in the result, never kept apart.
import type { EmbeddingRequest } from '../../protocols/canonical.ts';
import type { TaskRow } from '../../db/gateway/getTask.ts';
import type { TaskOutcome } from '../../db/gateway/finishTask.ts';
import { embedPriced, embeddingUsage } from '../embeddings.ts';
import { toApiError, type Caller } from '../completion.ts';
import { encodeVector } from '../../protocols/embeddings.ts';
import type { RunDeps } from './completion.ts';

export interface StoredEmbeddings {
  request: EmbeddingRequest;
  encodingFormat: 'float' | 'base64';
}

export async function runEmbeddingsTask(
  deps: RunDeps,
  task: TaskRow,
  signal: AbortSignal,
  finish: (outcome: TaskOutcome) => Promise<boolean>,
): Promise<void> {
  const stored = task.request as StoredEmbeddings;
  const caller: Caller = {
    keyId: task.key_id,
    providerKey: task.provider_key ?? undefined,
    tag: task.tag ?? undefined,
    surface: 'native',
    taskId: task.id,
  };
  try {
    const result = await embedPriced(stored.request, caller, signal);
    const embeddings = stored.encodingFormat === 'base64' ? result.embeddings.map(encodeVector) : result.embeddings;
    await finish({ status: 'completed', result: { ...result, embeddings }, usage: embeddingUsage(result, caller) });
  } catch (err) {
    if (signal.aborted) return;
    const apiError = toApiError(err);
    await finish({ status: 'error', error: { message: apiError.message, code: apiError.code } });
  }
}
