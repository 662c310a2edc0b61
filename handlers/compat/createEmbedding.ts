// POST /v1/embeddings: synchronous OpenAI-style embeddings on any provider
// that embeds, inside the provider's concurrency limit, priced and recorded.
import type { Handler } from '../types.ts';
import { fromEmbeddingsRequest, toEmbeddingsResponse } from '../../protocols/embeddings.ts';
import { embedPriced, embeddingUsage, prepareEmbeddings } from '../../core/embeddings.ts';
import { callerOf, clientSignal, compatError, recordLater, requestBody, withSlot } from './_compat.ts';

const createEmbedding: Handler = async (ctx) => {
  const body = requestBody(ctx) as { model: string };
  const caller = callerOf(ctx, 'embeddings');
  try {
    const parsed = fromEmbeddingsRequest(body);
    const request = prepareEmbeddings(parsed.request, caller.providerKey);
    const signal = clientSignal(ctx);
    const result = await withSlot(ctx, request.provider, signal, () => embedPriced(request, caller, signal));
    ctx.body = toEmbeddingsResponse(result, parsed.encodingFormat, body.model, result.cost);
    recordLater(ctx, embeddingUsage(result, caller));
  } catch (err) {
    throw compatError(err, 'openai');
  }
};

export default createEmbedding;
