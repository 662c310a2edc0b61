// Runs one canonical completion against its provider: the same path for the
// queue worker and for the /v1 endpoints, so cost, usage and errors agree.
import { randomUUID } from 'node:crypto';
import {
  ResultAccumulator,
  type CanonicalRequest,
  type CanonicalResult,
  type Cost,
  type ProviderId,
  type StreamEvent,
} from '../protocols/canonical.ts';
import { getAdapter } from '../providers/registry.ts';
import { providerSettings } from '../providers/settings.ts';
import { ProviderError, type CallContext, type ProviderAdapter } from '../providers/types.ts';
import { defaultModel } from '../pricing/catalogue.ts';
import { completionCost } from '../pricing/cost.ts';
import { ApiError } from '../protocols/errors.ts';

export interface Caller {
  keyId: string;
  /** The caller's own provider key (X-Provider-Key): used upstream, billed byok. */
  providerKey?: string;
  service?: string;
  tag?: string;
  /** Where the call came in: native, chat.completions, messages, responses, embeddings. */
  surface: string;
  taskId?: string;
}

export type PricedResult = CanonicalResult & { cost: Cost };

export function adapterFor(provider: ProviderId): ProviderAdapter {
  const adapter = getAdapter(provider);
  if (!adapter) {
    throw new ApiError('invalid_request', `${provider} does not offer text completions`, { code: 'unsupported_provider', param: 'provider' });
  }
  return adapter;
}

/** Fills the model default and checks, before anything is queued, that the call can be made at all. */
export function prepareCompletion(request: Omit<CanonicalRequest, 'model'> & { model?: string }, providerKey?: string): CanonicalRequest {
  const adapter = adapterFor(request.provider);
  const model = request.model || adapter.defaultModel || defaultModel(request.provider);
  const prepared = { ...request, model } as CanonicalRequest;
  const settings = providerSettings(request.provider);
  if (!settings.local && !settings.apiKey && !providerKey) {
    throw new ApiError('unavailable', `${request.provider} is not configured: set ${settings.keyEnv} or send X-Provider-Key`, {
      code: 'provider_not_configured',
    });
  }
  try {
    adapter.validate(prepared);
  } catch (err) {
    throw toApiError(err);
  }
  return prepared;
}

export function callContext(provider: ProviderId, caller: Caller, signal: AbortSignal): CallContext {
  const settings = providerSettings(provider);
  return { settings: caller.providerKey ? { ...settings, apiKey: caller.providerKey } : settings, signal };
}

export function priceOf(result: Pick<CanonicalResult, 'provider' | 'model' | 'usage'>, caller: Caller, cached = false): Cost {
  return completionCost(result.provider, result.model, result.usage, { byok: caller.providerKey !== undefined, cached });
}

/** One priced completion. Recording its usage is the caller's: a queued task writes it with its end. */
export async function completeOnce(request: CanonicalRequest, caller: Caller, signal: AbortSignal): Promise<PricedResult> {
  const adapter = adapterFor(request.provider);
  const result = await adapter.complete(request, callContext(request.provider, caller, signal));
  return { ...result, cost: priceOf(result, caller) };
}

/**
 * Streams a completion. Yields the provider's events as they come; the last
 * item is the priced result (its usage, again, is the caller's to record).
 */
export async function* completeStreaming(
  request: CanonicalRequest,
  caller: Caller,
  signal: AbortSignal,
): AsyncGenerator<StreamEvent | { type: 'result'; result: PricedResult }> {
  const adapter = adapterFor(request.provider);
  const acc = new ResultAccumulator(request.provider, request.model, `req_${randomUUID()}`);
  for await (const event of adapter.stream(request, callContext(request.provider, caller, signal))) {
    acc.push(event);
    yield event;
  }
  const result = acc.result();
  yield { type: 'result', result: { ...result, cost: priceOf(result, caller) } };
}

const PROVIDER_ERROR_KINDS: Record<ProviderError['code'], ApiError['kind']> = {
  missing_config: 'unavailable',
  unreachable: 'upstream',
  timeout: 'timeout',
  rate_limited: 'rate_limited',
  upstream_error: 'upstream',
  upstream_rejected: 'invalid_request',
  unsupported_option: 'invalid_request',
  cancelled: 'invalid_request',
};

/** Provider failures as API errors; the message always says which provider answered what. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof ProviderError) {
    // A provider refusing our credentials is our configuration problem, not the caller's request.
    const kind = err.code === 'upstream_rejected' && (err.status === 401 || err.status === 403) ? 'upstream' : PROVIDER_ERROR_KINDS[err.code];
    const code = err.code === 'missing_config' ? 'provider_not_configured' : err.code;
    const headers = err.code === 'rate_limited' && err.retryAfterMs ? { 'retry-after': String(Math.ceil(err.retryAfterMs / 1000)) } : undefined;
    return new ApiError(kind, err.message, { code, headers });
  }
  return new ApiError('internal', 'Internal error while calling the provider', { code: 'internal_error' });
}
