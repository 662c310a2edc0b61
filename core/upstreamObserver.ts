// What the transport reports of each upstream request, as metrics.
import type { ProviderId } from '../protocols/canonical.ts';
import type { ProviderError, UpstreamObserver } from '../providers/types.ts';
import { upstreamErrors, upstreamRequests, upstreamRetries } from '../metrics/index.ts';

// Counter children, resolved once per provider: labels() hashes its arguments on every call.
const sent = new Map<ProviderId, { inc(): void }>();
const retried = new Map<ProviderId, { inc(): void }>();

export const upstreamObserver: UpstreamObserver = {
  sending(provider: ProviderId, attempt: number): void {
    let c = sent.get(provider);
    if (!c) sent.set(provider, (c = upstreamRequests.labels(provider)));
    c.inc();
    if (attempt > 0) {
      let r = retried.get(provider);
      if (!r) retried.set(provider, (r = upstreamRetries.labels(provider)));
      r.inc();
    }
  },
  failed(provider: ProviderId, err: ProviderError): void {
    upstreamErrors.labels(provider, err.code).inc();
  },
};
