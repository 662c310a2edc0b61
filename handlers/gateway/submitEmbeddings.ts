import { randomUUID } from 'node:crypto';
import type { Handler } from '../types.ts';
import type { SubmitEmbeddingsData } from '../../generated/gateway/types.gen.ts';
import { prepareEmbeddings } from '../../core/embeddings.ts';
import { toApiError } from '../../core/errors.ts';
import { estimateEmbeddings } from '../../core/governance/estimate.ts';
import { sealEmbeddings } from '../../core/tasks/embeddings.ts';
import { admitCall, callerOf, runtimeOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';

const submitEmbeddings: Handler<SubmitEmbeddingsData> = async (ctx, { body: b }) => {
  const caller = callerOf(ctx, 'native', { tag: b.tag });
  let request;
  try {
    // Ollama is the default: it runs on the operator's premises, so nothing leaves them.
    request = prepareEmbeddings(
      { provider: b.provider ?? 'ollama', model: b.model, input: typeof b.input === 'string' ? [b.input] : b.input, dimensions: b.dimensions },
      caller,
    ).request;
  } catch (err) {
    throw toApiError(err);
  }
  const embed = request;
  // Limits and budgets are taken at submit; the task settles them when it ends, wherever it runs.
  const ticket = await admitCall(ctx, () => estimateEmbeddings(embed, caller));
  const queueId = randomUUID();
  const charges = ticket?.hold();
  try {
    const stored = await sealEmbeddings(request, b.encodingFormat ?? 'float', ctx.state.deps.env);
    await runtimeOf(ctx).queue.submit({
      id: queueId,
      keyId: caller.keyId,
      kind: 'embeddings',
      provider: request.provider,
      model: request.model,
      stream: false,
      request: stored,
      tag: caller.tag,
      providerKey: caller.providerKey,
      ...(charges?.length ? { charges } : {}),
    });
  } catch (err) {
    // Not stored: the reservation was never the task's.
    ticket?.unhold();
    throw err;
  }
  ok(ctx, { queueId, status: 'queued', message: 'Task queued; poll POST /api/llm/queue/result' });
};

export default submitEmbeddings;
