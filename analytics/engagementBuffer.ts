import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { addPageEngagement, type EngagementSums } from '../db/analytics/addPageEngagement.ts';
import { ApiError } from '../protocols/errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

const HOUR = 3600_000;

export interface EngagementBufferOptions {
  /** Flush at least this often (ms). */
  intervalMs?: number;
  /** Flush as soon as this many (project, page, hour) sums wait. */
  maxBatch?: number;
  /** While PostgreSQL is unreachable, sums wait in memory up to this many; beyond it a beacon answers 503. */
  maxPending?: number;
  log?: Logger;
}

/**
 * Engagement beacons are summed in memory per (project, page, hour) and written like
 * the events (IngestBuffer): every interval or at a batch size, one statement for the
 * batch, so a popular page's row is updated once per flush instead of once per
 * beacon, and one site's busy page no longer holds up another's beacons behind its
 * row lock. A sum is counted in the hour its beacon arrived, as when it was written
 * at once. stop() flushes, so nothing acknowledged with 202 is lost on a clean stop;
 * a crash loses at most one interval's sums, as for events.
 */
export class EngagementBuffer {
  private pending = new Map<string, EngagementSums>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private outage = false;
  private readonly intervalMs: number;
  private readonly maxBatch: number;
  private readonly maxPending: number;
  private readonly db: Knex;
  private readonly log: Logger | undefined;

  constructor(db: Knex, opts: EngagementBufferOptions = {}) {
    this.db = db;
    this.log = opts.log;
    this.intervalMs = opts.intervalMs ?? 250;
    this.maxBatch = opts.maxBatch ?? 2000;
    this.maxPending = opts.maxPending ?? 100_000;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Sums waiting to be written. */
  get size(): number {
    return this.pending.size;
  }

  add(projectId: string, at: number, path: string, scrollDepth: number, engagedMs: number): void {
    const hour = Math.floor(at / HOUR) * HOUR;
    this.merge({ projectId, hour, path, samples: 1, scrollSum: scrollDepth, engagedMsSum: engagedMs }, true);
    if (this.pending.size >= this.maxBatch) void this.flush();
  }

  private merge(s: EngagementSums, fresh: boolean): void {
    const key = `${s.projectId}\n${s.path}\n${s.hour}`;
    const known = this.pending.get(key);
    if (known) {
      known.samples += s.samples;
      known.scrollSum += s.scrollSum;
      known.engagedMsSum += s.engagedMsSum;
      return;
    }
    // Accepting more than memory holds during an outage would be a promise not kept: refuse instead.
    if (fresh && this.pending.size >= this.maxPending) {
      throw new ApiError('unavailable', 'The database is unavailable and the engagement buffer is full; try again shortly.', {
        code: 'database_unavailable',
        headers: { 'retry-after': '5' },
      });
    }
    this.pending.set(key, { ...s });
  }

  /** Writes what is pending; concurrent calls queue behind one another. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeBatches());
    return this.flushing;
  }

  private async writeBatches(): Promise<void> {
    while (this.pending.size > 0) {
      const batch: EngagementSums[] = [];
      for (const [key, s] of this.pending) {
        batch.push(s);
        this.pending.delete(key);
        if (batch.length >= this.maxBatch) break;
      }
      const unwritten = await this.writeSplitting(batch);
      if (unwritten.length > 0) {
        // Nothing of these was written: they are summed back into what waits and the next tick tries again.
        for (const s of unwritten) this.merge(s, false);
        if (!this.outage) this.log?.warn({ waiting: this.pending.size }, 'engagement writes paused: the database is unavailable');
        this.outage = true;
        return;
      }
      if (this.outage) this.log?.info('engagement writes resumed: the database is back');
      this.outage = false;
    }
  }

  /**
   * One statement per batch. A batch PostgreSQL refuses for the sake of a row (its
   * project deleted meanwhile) is written in halves, down to the single sums it
   * refuses, which alone are dropped and logged. Returns the sums left unwritten
   * because the database could not be reached.
   */
  private async writeSplitting(batch: EngagementSums[]): Promise<EngagementSums[]> {
    try {
      await this.writeWithRetry(batch);
      return [];
    } catch (err) {
      if (isDatabaseUnavailable(err)) return batch;
      if (batch.length === 1) {
        this.log?.error({ err, samples: batch[0]!.samples }, 'engagement sums refused by the database and dropped');
        return [];
      }
      const half = batch.length >>> 1;
      const left = await this.writeSplitting(batch.slice(0, half));
      return left.length > 0 ? [...left, ...batch.slice(half)] : this.writeSplitting(batch.slice(half));
    }
  }

  private async writeWithRetry(batch: EngagementSums[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await addPageEngagement(this.db, batch);
      } catch (err) {
        // Rows are written in key order, but the hourly and daily tables are locked one after the other: retry what PostgreSQL aborts.
        if ((err as { code?: string }).code !== '40P01' || attempt >= 3) throw err;
      }
    }
  }
}
