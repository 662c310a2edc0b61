// Who is calling and how to reach the provider for them: resolved once per
// request, whatever the operation (completion, embeddings, media).
import type { ProviderId } from '../protocols/canonical.ts';
import { ApiError } from '../protocols/errors.ts';
import { providerSettings } from '../providers/settings.ts';
import { descriptorOf } from '../providers/registry.ts';
import { ProviderError, type CallContext, type ProviderSettings } from '../providers/types.ts';
import { callerCaused } from './circuitBreaker.ts';
import { isWarmUp, warmUpSettings } from './warmUp.ts';

export interface Caller {
  keyId: string;
  /** The caller's own provider key (X-Provider-Key): used upstream, billed byok. */
  providerKey?: string;
  service?: string;
  tag?: string;
  /** Where the call came in: native, chat.completions, messages, responses, embeddings. */
  surface: string;
  taskId?: string;
  /** The calling key's team and tags, which its usage rows are kept under (see UsageRecord.keyTags). */
  teamId?: string;
  keyTags?: readonly string[];
}

/** The provider's settings for this caller (their own key in place of the operator's), checked to be usable. */
export interface ProviderCall {
  settings: ProviderSettings;
  /** The caller's own key (X-Provider-Key) goes upstream in place of the operator's. */
  readonly callersKey: boolean;
  context(signal: AbortSignal): CallContext;
}

/**
 * Refuses at once a hosted provider with no key (the operator's or the
 * caller's): a 503 naming the variable, before anything is queued.
 */
export function providerCall(provider: ProviderId, caller: Pick<Caller, 'providerKey'> & { keyId?: string }): ProviderCall {
  // The start-up warm-up's calls go to its loopback upstream, never to the operator's provider.
  if (isWarmUp(caller)) return new ResolvedCall(warmUpSettings(provider), false);
  const configured = providerSettings(provider);
  if (!configured.local && !configured.apiKey && !caller.providerKey && !descriptorOf(provider).otherCredential?.(configured.extra)) {
    throw new ApiError('unavailable', `${provider} is not configured: set ${configured.keyEnv} or send X-Provider-Key`, {
      code: 'provider_not_configured',
    });
  }
  return caller.providerKey ? new ResolvedCall({ ...configured, apiKey: caller.providerKey }, true) : new ResolvedCall(configured, false);
}

/**
 * What the provider says of the caller's own key is the caller's business:
 * a refusal (401, 403) answers as the caller's error, naming X-Provider-Key,
 * as the official clients expect of a bad key; a 429 keeps its answer but is
 * not the provider failing. Anything else passes as it is.
 */
export function ownKeyFailure(err: unknown, call: ProviderCall): unknown {
  if (!call.callersKey || !(err instanceof ProviderError)) return err;
  if (err.code === 'rate_limited') return callerCaused(err);
  if (err.code !== 'upstream_rejected' || (err.status !== 401 && err.status !== 403)) return err;
  // The provider's own words are left out: they may echo part of the key.
  const refused = `${err.provider} refused the key sent in X-Provider-Key (HTTP ${err.status})`;
  return err.status === 401
    ? new ApiError('unauthorized', `${refused}: check that it is a valid ${err.provider} key, or send no X-Provider-Key to use the gateway's own`, {
        code: 'invalid_provider_key',
      })
    : new ApiError('forbidden', `${refused}: the key may not use this model or operation`, { code: 'provider_key_forbidden' });
}

// A class rather than an object with a closure made per request: the closure
// is called once per call and ran as unoptimised baseline code (perf, /v1).
class ResolvedCall implements ProviderCall {
  readonly settings: ProviderSettings;
  readonly callersKey: boolean;
  constructor(settings: ProviderSettings, callersKey: boolean) {
    this.settings = settings;
    this.callersKey = callersKey;
  }

  context(signal: AbortSignal): CallContext {
    return { settings: this.settings, signal, timeoutMs: this.settings.timeoutMs };
  }
}

/** A deployment's call (core/deployments.ts): its own settings, with the caller's own key (X-Provider-Key) in place of its key when given. */
export function deploymentCall(settings: ProviderSettings, callersKey?: string): ProviderCall {
  return callersKey ? new ResolvedCall({ ...settings, apiKey: callersKey }, true) : new ResolvedCall(settings, false);
}
