// Whether a process should be sent traffic (its readiness route), as opposed
// to whether it runs (liveness): warmed up, not shutting down, and its
// database answering through its own pool. A load balancer probing every
// process often must not become load of its own: concurrent probes share one
// check, and an answer is reused for a moment.
import type { Knex } from 'knex';

export type NotReadyReason = 'warming_up' | 'shutting_down' | 'database_unreachable';

export interface ReadinessOptions {
  /** How long a database check's answer is reused (250 ms). */
  reuseMs?: number;
  /** A check that takes longer than this counts as unreachable (2 s). */
  timeoutMs?: number;
  now?: () => number;
}

export class Readiness {
  private warm = false;
  private draining = false;
  private checking: Promise<boolean> | undefined;
  private checkedAt = -Infinity;
  private reachable = false;
  private readonly db: Knex;
  private readonly reuseMs: number;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(db: Knex, opts: ReadinessOptions = {}) {
    this.db = db;
    this.reuseMs = opts.reuseMs ?? 250;
    this.timeoutMs = opts.timeoutMs ?? 2_000;
    this.now = opts.now ?? Date.now;
  }

  /** Warm-up done: the process may say it is ready. */
  warmedUp(): void {
    this.warm = true;
  }

  /** Shutting down: the load balancer should stop sending work while in-flight requests finish. */
  drain(): void {
    this.draining = true;
  }

  /** Undefined when ready; else why not. */
  async notReady(): Promise<NotReadyReason | undefined> {
    if (this.draining) return 'shutting_down';
    if (!this.warm) return 'warming_up';
    return (await this.databaseReachable()) ? undefined : 'database_unreachable';
  }

  private databaseReachable(): Promise<boolean> {
    if (this.now() - this.checkedAt < this.reuseMs) return Promise.resolve(this.reachable);
    this.checking ??= this.check().then((ok) => {
      this.reachable = ok;
      this.checkedAt = this.now();
      this.checking = undefined;
      return ok;
    });
    return this.checking;
  }

  private async check(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), this.timeoutMs);
    });
    try {
      return await Promise.race([this.db.raw('SELECT 1').then(() => true, () => false), late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
