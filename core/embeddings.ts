// Runs one embeddings call against its provider: the same path for
// /v1/embeddings (synchronous) and the queued native /api/llm/embeddings, so
// model defaults, capability errors, cost and usage agree.
import type { EmbeddingRequest, EmbeddingResult, ProviderId } from '../protocols/canonical.ts';
import { ApiError } from '../protocols/errors.ts';
import { descriptorOf, embedderOf } from '../providers/registry.ts';
import type { Embedder } from '../providers/types.ts';
import { defaultEmbeddingModel } from '../pricing/catalogue.ts';
import { completionCost, type Cost } from '../pricing/cost.ts';
import type { UsageRecord } from '../db/gateway/insertUsage.ts';
import { providerCall, type Caller, type ProviderCall } from './providerCall.ts';
import { onDeployment } from './deployments.ts';

/** `deployment`: which of the provider's deployments (switchyard.yaml) answered, when it has them. */
export type PricedEmbeddings = EmbeddingResult & { cost: Cost; deployment?: string };

export interface PreparedEmbeddings {
  request: EmbeddingRequest;
  adapter: Embedder;
  call: ProviderCall;
}

function embedder(provider: ProviderId): Embedder {
  const adapter = embedderOf(provider);
  if (!adapter) {
    throw new ApiError('invalid_request', `${provider} does not offer embeddings`, { code: 'capability_not_supported', param: 'model' });
  }
  return adapter;
}

/**
 * Fills the model default and checks, before any slot is taken or task queued,
 * that the provider can embed at all and is configured.
 */
export function prepareEmbeddings(request: Omit<EmbeddingRequest, 'model'> & { model?: string }, caller: Pick<Caller, 'providerKey'>): PreparedEmbeddings {
  const adapter = embedder(request.provider);
  if (request.inputType !== undefined && !descriptorOf(request.provider).capabilities.embeddingInputTypes) {
    throw new ApiError('invalid_request', `${request.provider} embeds the same way for every use; input_type is not supported there`, { code: 'capability_not_supported', param: 'input_type' });
  }
  const model = request.model || adapter.defaultEmbeddingModel || defaultEmbeddingModel(request.provider);
  if (!model) {
    throw new ApiError('invalid_request', `${request.provider} has no default embedding model; name one`, { param: 'model' });
  }
  return { request: { ...request, model }, adapter, call: providerCall(request.provider, caller) };
}

/** A stored request (a queued task) made ready again in the worker. */
export function resumeEmbeddings(request: EmbeddingRequest, caller: Pick<Caller, 'providerKey'>): PreparedEmbeddings {
  return { request, adapter: embedder(request.provider), call: providerCall(request.provider, caller) };
}

/** Embedding input is billed as input tokens at the model's input rate; there is no output. */
export function embeddingCost(result: Pick<EmbeddingResult, 'provider' | 'model' | 'usage'>, caller: Pick<Caller, 'providerKey'>): Cost {
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
    teamId: caller.teamId,
    keyTags: caller.keyTags,
    deployment: result.deployment,
  };
}

/** One priced embeddings call; recording its usage is the caller's (a queued task writes it with its end). */
export async function embedPriced(p: PreparedEmbeddings, caller: Caller, signal: AbortSignal): Promise<PricedEmbeddings> {
  // `p.call` checked the provider is configured; the deployment answering brings its own settings.
  const { value: result, deployment } = await onDeployment(p.request.provider, p.request.model, caller, signal, (call) => p.adapter.embed(p.request, call.context(signal)));
  return { ...result, cost: embeddingCost(result, caller), ...(deployment === undefined ? {} : { deployment }) };
}
