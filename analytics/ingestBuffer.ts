import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { insertLiveEvents } from '../db/analytics/insertEvents.ts';
import { listStoredEventIds } from '../db/analytics/listStoredEventIds.ts';
import { addDailyCounts } from '../db/analytics/addDailyCounts.ts';
import { getDailyCount } from '../db/analytics/getDailyCount.ts';
import type { NewEvent } from '../db/analytics/eventRow.ts';
import { utcDay } from './sessions.ts';
import { ApiError } from '../protocols/errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { ingestDropped, ingestEvents, ingestFlush } from '../metrics/index.ts';

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
 * Live events wait here and are written in one multi-row statement per batch
 * (insertLiveEvents: their ids are minted by this process), in one transaction
 * together with the day's cap counters: a crash loses at most the events of one
 * interval that were not yet flushed, and never half a batch. A batch PostgreSQL
 * refuses because of one row is written in halves, so only that row is lost.
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
      const unwritten = await this.writeSplitting(batch, utcDay());
      if (unwritten.length > 0) {
        // Nothing of these was written (each write is one transaction): they go back in front and the next tick tries again.
        this.pending.unshift(...unwritten);
        if (!this.outage) this.opts.log?.warn({ waiting: this.pending.length }, 'analytics writes paused: the database is unavailable');
        this.outage = true;
        return;
      }
      if (this.outage) this.opts.log?.info('analytics writes resumed: the database is back');
      this.outage = false;
    }
  }

  /**
   * Writes a batch in one transaction. When PostgreSQL refuses it for the sake of a
   * row (not because it is unreachable), its halves are written apart, down to the
   * single rows it refuses, which alone are dropped and logged: one bad row never
   * costs the others. Returns the events left unwritten because the database could
   * not be reached.
   */
  private async writeSplitting(batch: NewEvent[], day: string): Promise<NewEvent[]> {
    const started = performance.now();
    const counts = new Map<string, number>();
    for (const e of batch) counts.set(e.projectId, (counts.get(e.projectId) ?? 0) + 1);
    try {
      const totals = await this.writeWithRetry(batch, day);
      ingestFlush.labels('written').observe((performance.now() - started) / 1000);
      this.settle(counts);
      for (const [projectId, count] of totals) this.known.set(projectId, { day, at: Date.now(), count: Promise.resolve(count), settled: count });
      return [];
    } catch (err) {
      ingestFlush.labels('failed').observe((performance.now() - started) / 1000);
      if (isDatabaseUnavailable(err)) return batch;
      if (batch.length === 1) {
        this.settle(counts);
        ingestDropped.inc();
        this.opts.log?.error({ err, events: 1 }, 'analytics event refused by the database and dropped');
        return [];
      }
      const half = batch.length >>> 1;
      const left = await this.writeSplitting(batch.slice(0, half), day);
      return left.length > 0 ? [...left, ...batch.slice(half)] : this.writeSplitting(batch.slice(half), day);
    }
  }

  /** These events are no longer waiting: the day's counter read back (or nothing, when dropped) accounts for them. */
  private settle(counts: Map<string, number>): void {
    for (const [projectId, n] of counts) this.accepted.set(projectId, Math.max(0, (this.accepted.get(projectId) ?? 0) - n));
  }

  private async writeWithRetry(batch: NewEvent[], day: string) {
    let replayed = false;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction(async (trx) => {
          let events = batch;
          if (replayed) {
            const stored = await listStoredEventIds(trx, batch);
            events = batch.filter((e) => !stored.has(e.id));
          }
          await insertLiveEvents(trx, events);
          const counts = new Map<string, number>();
          for (const e of events) counts.set(e.projectId, (counts.get(e.projectId) ?? 0) + 1);
          return addDailyCounts(trx, day, counts);
        });
      } catch (err) {
        const code = (err as { code?: string }).code;
        // A batch whose commit was answered by a dropped connection comes back here: what
        // it wrote is already stored and counted, so only the rest is written this time.
        if (code === '23505' && !replayed) {
          replayed = true;
          continue;
        }
        // Two processes upserting the same sessions can deadlock; PostgreSQL aborts one, which retries.
        if (code !== '40P01' || attempt >= 3) throw err;
      }
    }
  }
}
