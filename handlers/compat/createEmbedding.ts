// POST /v1/embeddings: synchronous OpenAI-style embeddings on any provider
// that embeds, inside the provider's concurrency limit, priced and recorded.
import type { Handler } from '../types.ts';
import { fromEmbeddingsRequest, toEmbeddingsResponse } from '../../protocols/embeddings.ts';
import { embedPriced, embeddingUsage, prepareEmbeddings } from '../../core/embeddings.ts';
import { toApiError } from '../../core/errors.ts';
import type { CreateEmbeddingData } from '../../generated/compat/types.gen.ts';
import { estimateEmbeddings } from '../../core/governance/estimate.ts';
import type { Ticket } from '../../core/governance/governor.ts';
import { admitCall, callerOf, clientSignal, setRateLimitHeaders } from '../gatewayContext.ts';
import { recordLater, withSlot } from './_compat.ts';

const createEmbedding: Handler<CreateEmbeddingData> = async (ctx, { body }) => {
  const caller = callerOf(ctx, 'embeddings');
  let ticket: Ticket | null = null;
  try {
    const parsed = fromEmbeddingsRequest(body);
    const prepared = prepareEmbeddings(parsed.request, caller);
    ticket = await admitCall(ctx, () => estimateEmbeddings(prepared.request, caller));
    const signal = clientSignal(ctx);
    const result = await withSlot(ctx, prepared.request.provider, signal, () => embedPriced(prepared, caller, signal));
    ctx.body = toEmbeddingsResponse(result, parsed.encodingFormat, body.model, result.cost);
    setRateLimitHeaders(ctx, ticket);
    recordLater(ctx, embeddingUsage(result, caller), ticket?.settle(result.cost.customerPrice, result.usage.totalTokens));
  } catch (err) {
    // Nothing was spent: what the call reserved goes back (a no-op once settled).
    ticket?.settle(0, 0);
    throw toApiError(err, 'openai');
  }
};

export default createEmbedding;
