// Per-provider concurrency: how many calls to one provider may run at once.
// PROVIDER_CONCURRENCY_<ID> (e.g. PROVIDER_CONCURRENCY_OPENAI=50) overrides a default.
import { PROVIDER_IDS, type ProviderId } from '../protocols/canonical.ts';

const DEFAULTS: Partial<Record<ProviderId, number>> = {
  // Local runtimes serve one machine's worth of compute.
  ollama: 2,
  localai: 2,
  'local-audio': 2,
  'local-video': 1,
};
const HOSTED_DEFAULT = 20;

export type ProviderLimits = Record<ProviderId, number>;

export function providerLimits(env: NodeJS.ProcessEnv = process.env): ProviderLimits {
  const limits = {} as ProviderLimits;
  for (const id of PROVIDER_IDS) {
    const raw = env[`PROVIDER_CONCURRENCY_${id.toUpperCase().replace(/-/g, '_')}`];
    const parsed = raw ? Number(raw) : NaN;
    limits[id] = Number.isInteger(parsed) && parsed > 0 ? parsed : (DEFAULTS[id] ?? HOSTED_DEFAULT);
  }
  return limits;
}

/**
 * In-process slots for calls that bypass the queue (the /v1 endpoints): they
 * wait here, in order, for the same per-provider limit queued tasks obey.
 */
export class LocalSlots {
  private active = new Map<ProviderId, number>();
  private waiting = new Map<ProviderId, Array<() => void>>();

  private readonly limits: ProviderLimits;
  constructor(limits: ProviderLimits) {
    this.limits = limits;
  }

  activeCount(id: ProviderId): number {
    return this.active.get(id) ?? 0;
  }

  waitingCount(id: ProviderId): number {
    return this.waiting.get(id)?.length ?? 0;
  }

  async acquire(id: ProviderId, signal?: AbortSignal): Promise<() => void> {
    if (this.activeCount(id) >= this.limits[id]) {
      await new Promise<void>((resolve, reject) => {
        const queue = this.waiting.get(id) ?? [];
        this.waiting.set(id, queue);
        const grant = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          queue.splice(queue.indexOf(grant), 1);
          reject(signal!.reason);
        };
        queue.push(grant);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    } else {
      this.active.set(id, this.activeCount(id) + 1);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.get(id)?.shift();
      // The slot passes straight to the next waiter, so the active count stays the same.
      if (next) next();
      else this.active.set(id, this.activeCount(id) - 1);
    };
  }
}
