// In-process slots for the calls that bypass the queue.
import type { ProviderId } from '../protocols/canonical.ts';

/**
 * In-process slots for calls that bypass the queue (the /v1 endpoints): they
 * wait here, in order, for the same per-provider limit queued tasks obey.
 */
export class LocalSlots<K extends string = ProviderId> {
  private active = new Map<K, number>();
  private waiting = new Map<K, Array<() => void>>();

  private readonly limits: Readonly<Record<K, number>>;
  constructor(limits: Readonly<Record<K, number>>) {
    this.limits = limits;
  }

  activeCount(id: K): number {
    return this.active.get(id) ?? 0;
  }

  waitingCount(id: K): number {
    return this.waiting.get(id)?.length ?? 0;
  }

  /**
   * The release of a slot of `id`: at once when one is free (no promise on the
   * /v1 hot path), else once one is handed over, in arrival order.
   */
  acquire(id: K, signal?: AbortSignal): (() => void) | Promise<() => void> {
    if (this.activeCount(id) >= this.limits[id]) return this.wait(id, signal);
    this.active.set(id, this.activeCount(id) + 1);
    return this.releaser(id);
  }

  private async wait(id: K, signal?: AbortSignal): Promise<() => void> {
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
    return this.releaser(id);
  }

  private releaser(id: K): () => void {
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
