// The start-up warm-up's calls (server/warmUp.ts) go through the real /v1
// pipeline under a key that exists only in this process's memory. What they
// are told apart by: the key id its authentication gives (no stored key has
// it, stored ids are UUIDs), and the loopback upstream they are sent to.
// Every sink a customer's call feeds (usage, traffic, the request log, spans)
// leaves a call of this key out, and only a call of this key is sent to the
// warm-up's upstream, never a deployment or the operator's provider.
import type { ProviderId } from '../protocols/canonical.ts';
import { ApiError } from '../protocols/errors.ts';
import type { ProviderSettings } from '../providers/types.ts';
import { CircuitBreakers } from './circuitBreaker.ts';

/** The key id of the warm-up's calls. Kept after the warm-up ends: its last calls' records may still be on their way to a sink. */
export const WARM_UP_KEY_ID = 'warm-up';

/** Whether a call is the warm-up's (one comparison: the sinks ask it on every call). */
export function isWarmUp(caller: { keyId?: string } | undefined): boolean {
  return caller?.keyId === WARM_UP_KEY_ID;
}

let upstream: { baseUrl: string; apiKey: string } | undefined;

/** Points the warm-up's calls at its loopback upstream; undefined once the warm-up is over. */
export function useWarmUpstream(to: { baseUrl: string; apiKey: string } | undefined): void {
  upstream = to;
}

/** The settings a warm-up call is sent with, whatever provider it names: only the warm-up's upstream, while there is one. */
export function warmUpSettings(provider: ProviderId): ProviderSettings {
  if (!upstream) throw new ApiError('unavailable', 'the warm-up is over', { code: 'provider_not_configured' });
  return { id: provider, baseUrl: upstream.baseUrl, apiKey: upstream.apiKey, extra: {}, baseUrlEnv: 'none', local: false, timeoutMs: 10_000 };
}

// The warm-up's own circuits: its calls neither open nor close a provider's circuit (shared by every process).
let breakers: CircuitBreakers | undefined;

export function warmUpCircuits(): CircuitBreakers {
  return (breakers ??= new CircuitBreakers({ failureThreshold: 5, cooldownMs: 30_000 }));
}
