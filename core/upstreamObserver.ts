// What the transport reports of each upstream request, as metrics.
import type { ProviderId } from '../protocols/canonical.ts';
import type { ProviderError, UpstreamObserver } from '../providers/types.ts';
import { labelled, upstreamErrors, upstreamRequests, upstreamRetries } from '../metrics/index.ts';

const requestsBy = labelled(upstreamRequests);
const retriedBy = labelled(upstreamRetries);

export const upstreamObserver: UpstreamObserver = {
  sending(provider: ProviderId, attempt: number): void {
    requestsBy(provider).inc();
    if (attempt > 0) retriedBy(provider).inc();
  },
  failed(provider: ProviderId, err: ProviderError): void {
    upstreamErrors.labels(provider, err.code).inc();
  },
};
