import type { Knex } from 'knex';
import { PROVIDER_IDS, type ProviderId } from '../protocols/canonical.ts';
import { countTasksByProvider } from '../db/gateway/countTasksByProvider.ts';
import type { GatewayRuntime } from './runtime.ts';
import { deploymentConcurrency } from './deployments.ts';

export interface ConcurrencyRecord {
  activeRequests: number;
  queuedRequests: number;
  limit: number;
  /** Each deployment's calls in this process, when the provider has deployments (switchyard.yaml). */
  deployments?: Array<{ name: string; activeRequests: number; queuedRequests: number; limit: number }>;
}

/**
 * Queued tasks across all processes (from the task table) plus this process's
 * /v1 calls, which never touch the queue.
 */
export async function concurrency(db: Knex, runtime: GatewayRuntime): Promise<Record<ProviderId, ConcurrencyRecord>> {
  const counts = await countTasksByProvider(db);
  const out = {} as Record<ProviderId, ConcurrencyRecord>;
  for (const id of PROVIDER_IDS) {
    out[id] = {
      activeRequests: (counts[id]?.processing ?? 0) + runtime.slots.activeCount(id),
      queuedRequests: (counts[id]?.queued ?? 0) + runtime.slots.waitingCount(id),
      limit: runtime.limits[id],
    };
    const deployments = deploymentConcurrency(id);
    if (deployments) out[id].deployments = deployments;
  }
  return out;
}
