import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { insertEvents } from '../db/analytics/insertEvents.ts';
import { addDailyCounts } from '../db/analytics/addDailyCounts.ts';
import { getDailyCount } from '../db/analytics/getDailyCount.ts';
import type { NewEvent } from '../db/analytics/eventRow.ts';
import { utcDay } from './sessions.ts';
import { ApiError } from '../protocols/errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { ingestEvents, ingestFlush } from '../metrics/index.ts';

export interface IngestBufferOptions {
  /** Flush at least this often (ms). */
  intervalMs?: number;
  /** Flush as soon as this many events wait. */
  maxBatch?: number;
  /** While PostgreSQL is unreachable, events wait in memory up to this many; beyond it ingest answers 503. */
  maxPending?: number;
  log?: Logger;
}

/**
 * Live events wait here and are written in one multi-row statement per batch, in
 * one transaction together with the day's cap counters: a crash loses at most the
 * events of one interval that were not yet flushed, and never half a batch.
 *
 * The daily cap is enforced from memory: the counter read from the database at
 * the last flush plus what this process accepted since. Several processes can
 * overshoot a cap by at most what the others accepted in one interval.
 */
export class IngestBuffer {
  private pending: NewEvent[] = [];
  private accepted = new Map<string, number>();
  private known = new Map<string, { day: string; at: number; count: Promise<number>; settled?: number }>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly intervalMs: number;
  private readonly maxBatch: number;

  private readonly db: Knex;
  private readonly opts: IngestBufferOptions;
  constructor(db: Knex, opts: IngestBufferOptions = {}) {
    this.db = db;
    this.opts = opts;
    this.intervalMs = opts.intervalMs ?? 250;
    this.maxBatch = opts.maxBatch ?? 2000;
    this.maxPending = opts.maxPending ?? 100_000;
  }

  private readonly maxPending: number;
  /** Set while writes fail because PostgreSQL is unreachable (logged once per outage). */
  private outage = false;

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Events accepted today by this project, as far as this process knows. */
  private async countToday(projectId: string, day: string): Promise<number> {
    let known = this.known.get(projectId);
    // Re-read now and then: other processes add to the same counter.
    if (!known || known.day !== day || Date.now() - known.at > 5_000) {
      const entry: { day: string; at: number; count: Promise<number>; settled?: number } = { day, at: Date.now(), count: getDailyCount(this.db, projectId, day) };
      entry.count.then((n) => { entry.settled = n; }, () => this.known.delete(projectId));
      this.known.set(projectId, entry);
      known = entry;
    }
    return (await known.count) + (this.accepted.get(projectId) ?? 0);
  }

  /** Queues an event unless the project's cap for the UTC day is reached; false means capped. */
  async offer(event: NewEvent, dailyCap: number): Promise<boolean> {
    const day = utcDay();
    if ((await this.countToday(event.projectId, day)) >= dailyCap) return false;
    this.admit(event);
    return true;
  }

  /**
   * offer() without waiting, for the ingest hot path: undefined when the day's count
   * is not known in memory right now (nothing was queued; call offer()).
   */
  offerNow(event: NewEvent, dailyCap: number): boolean | undefined {
    const known = this.known.get(event.projectId);
    if (known?.settled === undefined || known.day !== utcDay() || Date.now() - known.at > 5_000) return undefined;
    if (known.settled + (this.accepted.get(event.projectId) ?? 0) >= dailyCap) return false;
    this.admit(event);
    return true;
  }

  private admit(event: NewEvent): void {
    // Accepting more than memory holds during an outage would be a promise not kept: refuse instead.
    if (this.pending.length >= this.maxPending) {
      throw new ApiError('unavailable', 'The database is unavailable and the ingest buffer is full; try again shortly.', {
        code: 'database_unavailable',
        headers: { 'retry-after': '5' },
      });
    }
    ingestEvents.inc();
    this.accepted.set(event.projectId, (this.accepted.get(event.projectId) ?? 0) + 1);
    this.pending.push(event);
    if (this.pending.length >= this.maxBatch) void this.flush();
  }

  get size(): number {
    return this.pending.length;
  }

  /** Writes what is pending; concurrent calls queue behind one another. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeBatches());
    return this.flushing;
  }

  private async writeBatches(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.maxBatch);
      const counts = new Map<string, number>();
      for (const e of batch) counts.set(e.projectId, (counts.get(e.projectId) ?? 0) + 1);
      const day = utcDay();
      const started = performance.now();
      try {
        const totals = await this.writeWithRetry(batch, day, counts);
        ingestFlush.labels('written').observe((performance.now() - started) / 1000);
        if (this.outage) this.opts.log?.info('analytics writes resumed: the database is back');
        this.outage = false;
        for (const [projectId, n] of counts) this.accepted.set(projectId, Math.max(0, (this.accepted.get(projectId) ?? 0) - n));
        for (const [projectId, count] of totals) this.known.set(projectId, { day, at: Date.now(), count: Promise.resolve(count), settled: count });
      } catch (err) {
        ingestFlush.labels('failed').observe((performance.now() - started) / 1000);
        if (isDatabaseUnavailable(err)) {
          // Nothing was written (one transaction): the batch goes back in front and the next tick tries again.
          this.pending.unshift(...batch);
          if (!this.outage) this.opts.log?.warn({ err: (err as Error).message, waiting: this.pending.length }, 'analytics writes paused: the database is unavailable');
          this.outage = true;
          return;
        }
        // The batch is lost as a whole (the transaction rolled back); the service keeps going.
        for (const [projectId, n] of counts) this.accepted.set(projectId, Math.max(0, (this.accepted.get(projectId) ?? 0) - n));
        this.opts.log?.error({ err, events: batch.length }, 'analytics batch write failed');
      }
    }
  }

  private async writeWithRetry(batch: NewEvent[], day: string, counts: Map<string, number>) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction(async (trx) => {
          await insertEvents(trx, batch);
          return addDailyCounts(trx, day, counts);
        });
      } catch (err) {
        // Two processes upserting the same sessions can deadlock; PostgreSQL aborts one, which retries.
        if ((err as { code?: string }).code !== '40P01' || attempt >= 3) throw err;
      }
    }
  }
}
