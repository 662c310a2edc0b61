// Runs one embeddings call against its provider: the same path for
// /v1/embeddings (synchronous) and the queued native /api/llm/embeddings, so
// model defaults, capability errors, cost and usage agree.
import type { EmbeddingRequest, EmbeddingResult, ProviderId } from '../protocols/canonical.ts';
import { getAdapter } from '../providers/registry.ts';
import { providerSettings } from '../providers/settings.ts';
import type { ProviderAdapter } from '../providers/types.ts';
import { defaultEmbeddingModel } from '../pricing/catalogue.ts';
import { completionCost, type Cost } from '../pricing/cost.ts';
import type { UsageRecord } from '../db/gateway/insertUsage.ts';
import { ApiError } from '../protocols/errors.ts';
import { callContext, type Caller } from './completion.ts';

export type PricedEmbeddings = EmbeddingResult & { cost: Cost };

type Embedder = ProviderAdapter & { embed: NonNullable<ProviderAdapter['embed']> };

function embedderFor(provider: ProviderId): Embedder {
  const adapter = getAdapter(provider);
  if (!adapter?.embed) {
    throw new ApiError('invalid_request', `${provider} does not offer embeddings`, {
      code: 'capability_not_supported',
      param: 'model',
    });
  }
  return adapter as Embedder;
}

/**
 * Fills the model default and checks, before any slot is taken or task queued,
 * that the provider can embed at all and is configured.
 */
export function prepareEmbeddings(
  request: Omit<EmbeddingRequest, 'model'> & { model?: string },
  providerKey?: string,
): EmbeddingRequest {
  const adapter = embedderFor(request.provider);
  const model = request.model || adapter.defaultEmbeddingModel || defaultEmbeddingModel(request.provider);
  if (!model) {
    throw new ApiError('invalid_request', `${request.provider} has no default embedding model; name one`, { param: 'model' });
  }
  const settings = providerSettings(request.provider);
  if (!settings.local && !settings.apiKey && !providerKey) {
    throw new ApiError('unavailable', `${request.provider} is not configured: set ${settings.keyEnv} or send X-Provider-Key`, {
      code: 'provider_not_configured',
    });
  }
  return { ...request, model };
}

/** Embedding input is billed as input tokens at the model's input rate; there is no output. */
export function embeddingCost(result: Pick<EmbeddingResult, 'provider' | 'model' | 'usage'>, caller: Caller): Cost {
  return completionCost(
    result.provider,
    result.model,
    { inputTokens: result.usage.inputTokens, outputTokens: 0, totalTokens: result.usage.totalTokens, cachedTokens: 0 },
    { byok: caller.providerKey !== undefined },
  );
}

export function embeddingUsage(result: PricedEmbeddings, caller: Caller): UsageRecord {
  return {
    keyId: caller.keyId,
    taskId: caller.taskId,
    kind: 'embedding',
    surface: caller.surface,
    provider: result.provider,
    model: result.model,
    inputTokens: result.usage.inputTokens,
    outputTokens: 0,
    totalTokens: result.usage.totalTokens,
    cachedTokens: 0,
    cacheCreationTokens: 0,
    cost: result.cost.customerPrice,
    billing: result.cost.billing,
    cached: false,
    service: caller.service,
    tag: caller.tag,
  };
}

/** One priced embeddings call; recording its usage is the caller's (a queued task writes it with its end). */
export async function embedPriced(request: EmbeddingRequest, caller: Caller, signal: AbortSignal): Promise<PricedEmbeddings> {
  const adapter = embedderFor(request.provider);
  const result = await adapter.embed(request, callContext(request.provider, caller, signal));
  return { ...result, cost: embeddingCost(result, caller) };
}
