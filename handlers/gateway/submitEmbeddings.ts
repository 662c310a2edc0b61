import { randomUUID } from 'node:crypto';
import type { Handler } from '../types.ts';
import type { EmbeddingsRequest } from '../../generated/gateway/types.gen.ts';
import { prepareEmbeddings } from '../../core/embeddings.ts';
import type { StoredEmbeddings } from '../../core/tasks/embeddings.ts';
import { body, callerOf, ok, providerKeyOf, runtimeOf } from './_context.ts';

const submitEmbeddings: Handler = async (ctx) => {
  const b = body<EmbeddingsRequest>(ctx);
  const providerKey = providerKeyOf(ctx);
  // Ollama is the default: it runs on the operator's premises, so nothing leaves them.
  const request = prepareEmbeddings(
    { provider: b.provider ?? 'ollama', model: b.model, input: typeof b.input === 'string' ? [b.input] : b.input, dimensions: b.dimensions },
    providerKey,
  );
  const queueId = randomUUID();
  const stored: StoredEmbeddings = { request, encodingFormat: b.encodingFormat ?? 'float' };
  await runtimeOf(ctx).queue.submit({
    id: queueId,
    keyId: callerOf(ctx).keyId,
    kind: 'embeddings',
    provider: request.provider,
    model: request.model,
    stream: false,
    request: stored,
    tag: b.tag,
    providerKey,
  });
  ok(ctx, { queueId, status: 'queued', message: 'Task queued; poll POST /api/llm/queue/result' });
};

export default submitEmbeddings;
