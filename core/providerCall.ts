// Who is calling and how to reach the provider for them: resolved once per
// request, whatever the operation (completion, embeddings, media).
import type { ProviderId } from '../protocols/canonical.ts';
import { ApiError } from '../protocols/errors.ts';
import { providerSettings } from '../providers/settings.ts';
import type { CallContext, ProviderSettings } from '../providers/types.ts';

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

/** The provider's settings for this caller (their own key in place of the operator's), checked to be usable. */
export interface ProviderCall {
  settings: ProviderSettings;
  context(signal: AbortSignal): CallContext;
}

/**
 * Refuses at once a hosted provider with no key (the operator's or the
 * caller's): a 503 naming the variable, before anything is queued.
 */
export function providerCall(provider: ProviderId, caller: Pick<Caller, 'providerKey'>): ProviderCall {
  const configured = providerSettings(provider);
  if (!configured.local && !configured.apiKey && !caller.providerKey) {
    throw new ApiError('unavailable', `${provider} is not configured: set ${configured.keyEnv} or send X-Provider-Key`, {
      code: 'provider_not_configured',
    });
  }
  return new ResolvedCall(caller.providerKey ? { ...configured, apiKey: caller.providerKey } : configured);
}

// A class rather than an object with a closure made per request: the closure
// is called once per call and ran as unoptimised baseline code (perf, /v1).
class ResolvedCall implements ProviderCall {
  readonly settings: ProviderSettings;
  constructor(settings: ProviderSettings) {
    this.settings = settings;
  }

  context(signal: AbortSignal): CallContext {
    return { settings: this.settings, signal, timeoutMs: this.settings.timeoutMs };
  }
}
