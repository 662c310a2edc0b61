// Runs one canonical completion against its provider: the one path for the
// queue worker and for the /v1 endpoints, so model defaults, refusals, cost
// and usage agree whichever way a call came in.
import { randomUUID } from 'node:crypto';
import {
  optionalOptionsOf,
  ResultAccumulator,
  type CanonicalRequest,
  type CanonicalResult,
  type Cost,
  type StreamEvent,
} from '../protocols/canonical.ts';
import { ApiError } from '../protocols/errors.ts';
import { chatAdapterOf, descriptorOf } from '../providers/registry.ts';
import { unsupported, type CallContext, type ChatAdapter } from '../providers/types.ts';
import { defaultModel } from '../pricing/catalogue.ts';
import { completionCost } from '../pricing/cost.ts';
import { providerCall, type Caller, type ProviderCall } from './providerCall.ts';

export type { Caller } from './providerCall.ts';
export type PricedResult = CanonicalResult & { cost: Cost };
/** Per-call transport settings from the routing policy (core/routing.ts): retries, first-byte deadline, observer. */
export type CallTuning = Partial<Pick<CallContext, 'retry' | 'timeoutMs' | 'observer'>>;

function contextOf(p: PreparedCompletion, signal: AbortSignal, tuning: CallTuning | undefined): CallContext {
  const ctx = p.call.context(signal);
  return tuning ? Object.assign(ctx, tuning) : ctx;
}

/** A completion ready to run: the request with its model, and its provider resolved once. */
export interface PreparedCompletion {
  request: CanonicalRequest;
  adapter: ChatAdapter;
  call: ProviderCall;
  /** The upstream request the adapter built while validating, so a /v1 call builds it once. */
  wire?: unknown;
  /** The provider's deployment it is sent to (core/deployments.ts), when it has them; `call` is then that deployment's. */
  deployment?: string;
}

function chatAdapter(request: { provider: CanonicalRequest['provider'] }): ChatAdapter {
  const adapter = chatAdapterOf(request.provider);
  if (!adapter) {
    throw new ApiError('invalid_request', `${request.provider} does not offer text completions`, { code: 'unsupported_provider', param: 'provider' });
  }
  return adapter;
}

/**
 * Fills the model default and checks, before anything is queued or a slot
 * taken, that the call can be made at all: the provider completes text, is
 * configured, and honours every option asked for. Throws ApiError or
 * ProviderError; each surface maps them with core/errors.ts.
 */
export function prepareCompletion(request: Omit<CanonicalRequest, 'model'> & { model?: string }, caller: Pick<Caller, 'providerKey'>): PreparedCompletion {
  const adapter = chatAdapter(request);
  const prepared = { ...request, model: request.model || adapter.defaultModel || defaultModel(request.provider) } as CanonicalRequest;
  refuseUnhonoured(prepared);
  const call = providerCall(request.provider, caller);
  const wire = adapter.validate(prepared);
  return { request: prepared, adapter, call, wire };
}

/** Optional options the provider's descriptor does not list are refused here, whatever its adapter would do. */
export function refuseUnhonoured(request: CanonicalRequest): void {
  const asked = optionalOptionsOf(request);
  if (!asked.length) return;
  const honoured = descriptorOf(request.provider).capabilities.chat?.options ?? [];
  const refused = asked.filter((o) => !honoured.includes(o));
  if (refused.length) throw unsupported(request.provider, refused.join(', '));
}

/** A stored request (a queued task) made ready again in the worker. */
export function resumeCompletion(request: CanonicalRequest, caller: Pick<Caller, 'providerKey'>): PreparedCompletion {
  return { request, adapter: chatAdapter(request), call: providerCall(request.provider, caller) };
}

export function priceOf(result: Pick<CanonicalResult, 'provider' | 'model' | 'usage'>, caller: Pick<Caller, 'providerKey'>, cached = false): Cost {
  return completionCost(result.provider, result.model, result.usage, { byok: caller.providerKey !== undefined, cached });
}

/** One priced completion. Recording its usage is the caller's: a queued task writes it with its end, /v1 after answering. */
export async function completeOnce(p: PreparedCompletion, caller: Caller, signal: AbortSignal, tuning?: CallTuning): Promise<PricedResult> {
  const result = await p.adapter.complete(p.request, contextOf(p, signal, tuning), p.wire);
  return { ...result, cost: priceOf(result, caller) };
}

/**
 * Streams a completion. Yields the provider's events as they come; the last
 * item is the priced result, folded from the events (its usage, again, is the
 * caller's to record).
 */
export async function* completeStreaming(
  p: PreparedCompletion,
  caller: Caller,
  signal: AbortSignal,
  tuning?: CallTuning,
): AsyncGenerator<StreamEvent | { type: 'result'; result: PricedResult }> {
  const acc = new ResultAccumulator(p.request.provider, p.request.model, `req_${randomUUID()}`);
  for await (const event of p.adapter.stream(p.request, contextOf(p, signal, tuning), p.wire)) {
    acc.push(event);
    yield event;
  }
  const result = acc.result();
  yield { type: 'result', result: { ...result, cost: priceOf(result, caller) } };
}
