// The gauges read from the queue, the slots and the breakers when Prometheus
// scrapes (the counters are updated where things happen).
import type { Knex } from 'knex';
import { PROVIDER_IDS } from '../protocols/canonical.ts';
import { circuitOpen, providerActive, providerLimit, queueDepth } from '../metrics/index.ts';
import { circuits } from './circuitBreaker.ts';
import { concurrency } from './concurrency.ts';
import type { GatewayRuntime } from './runtime.ts';

/** Refreshes the gauges that are read, not counted: run just before each scrape. */
export async function collectGatewayGauges(db: Knex, runtime: GatewayRuntime): Promise<void> {
  const records = await concurrency(db, runtime);
  const breakers = circuits();
  for (const id of PROVIDER_IDS) {
    const r = records[id];
    providerActive.labels(id).set(r.activeRequests);
    providerLimit.labels(id).set(r.limit);
    queueDepth.labels(id).set(r.queuedRequests);
    circuitOpen.labels(id).set(breakers.state(id).state === 'closed' ? 0 : 1);
  }
}
