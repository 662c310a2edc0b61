// A queued embeddings call. Input text lives in the task row only until the
// task ends; vectors are returned in the result, never kept apart.
import type { EmbeddingRequest } from '../../protocols/canonical.ts';
import { encodeVector } from '../../protocols/embeddings.ts';
import { embedPriced, embeddingUsage, resumeEmbeddings } from '../embeddings.ts';
import { runPricedTask, type TaskRunner } from './types.ts';

export interface StoredEmbeddings {
  request: EmbeddingRequest;
  encodingFormat: 'float' | 'base64';
}

export const runEmbeddingsTask: TaskRunner = async (deps, task, signal, finish) => {
  await runPricedTask(deps, task, signal, finish, async (caller) => {
    const stored = task.request as StoredEmbeddings;
    const result = await embedPriced(resumeEmbeddings(stored.request, caller), caller, signal);
    const embeddings = stored.encodingFormat === 'base64' ? result.embeddings.map(encodeVector) : result.embeddings;
    return { result: { ...result, embeddings }, usage: embeddingUsage(result, caller) };
  });
};
