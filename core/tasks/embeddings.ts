// A queued embeddings call. Document 2: "Input text is processed in memory
// only; embeddings are returned and not retained." Any process may run the
// task, so its input must wait somewhere: it waits sealed (AES-256-GCM under
// SWITCHYARD_SECRET_KEY, core/agents/secrets.ts), is opened only in the
// process that runs the call, and the sealed copy is dropped when the task
// ends (db/gateway/finishTask.ts, DROP_INPUT). The vectors stay in the row
// only until the owner first reads them (db/gateway/takeEmbeddings.ts).
import type { EmbeddingRequest } from '../../protocols/canonical.ts';
import { encodeVector } from '../../protocols/embeddings.ts';
import { secretBox } from '../agents/secrets.ts';
import { embedPriced, embeddingUsage, resumeEmbeddings } from '../embeddings.ts';
import { runPricedTask, type TaskRunner } from './types.ts';

export interface StoredEmbeddings {
  request: Omit<EmbeddingRequest, 'input'>;
  /** The input strings as JSON, sealed, base64. */
  sealedInput: string;
  encodingFormat: 'float' | 'base64';
}

/** What the task row holds of a request: everything but the input, which is sealed. */
export async function sealEmbeddings(request: EmbeddingRequest, encodingFormat: StoredEmbeddings['encodingFormat'], env: NodeJS.ProcessEnv): Promise<StoredEmbeddings> {
  const { input, ...rest } = request;
  const box = await secretBox(env);
  return { request: rest, sealedInput: box.seal(JSON.stringify(input)).toString('base64'), encodingFormat };
}

export const runEmbeddingsTask: TaskRunner = async (deps, task, signal, finish) => {
  await runPricedTask(deps, task, signal, finish, async (caller) => {
    const stored = task.request as StoredEmbeddings;
    const box = await secretBox(deps.env);
    const input = JSON.parse(box.open(Buffer.from(stored.sealedInput, 'base64'))) as string[];
    const result = await embedPriced(resumeEmbeddings({ ...stored.request, input }, caller), caller, signal);
    // The deployment is the usage row's, not part of the task's answer.
    const { deployment: _, ...answer } = result;
    const embeddings = stored.encodingFormat === 'base64' ? result.embeddings.map(encodeVector) : result.embeddings;
    return { result: { ...answer, embeddings }, usage: embeddingUsage(result, caller) };
  });
};
