// Group commit for usage records of the synchronous /v1 calls: records that
// arrive within a few milliseconds go to PostgreSQL in one multi-row INSERT,
// so a busy gateway spends one statement (and one WAL flush) per batch instead
// of per call. Each add() resolves once its record is written.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { insertUsageBatch, type UsageRecord } from '../db/gateway/insertUsage.ts';
import type { Caller, PricedResult } from './completion.ts';

const MAX_DELAY_MS = 50;
const MAX_ROWS = 500;

interface Pending {
  record: UsageRecord;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class UsageBatcher {
  private pending: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Knex) {}

  add(record: UsageRecord): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ record, resolve, reject });
      if (this.pending.length >= MAX_ROWS) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), MAX_DELAY_MS);
    });
  }

  /** Writes everything added so far; resolves when it is in the database. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    if (!batch.length) return this.writing;
    // One batch at a time, in order.
    this.writing = this.writing.then(async () => {
      try {
        await insertUsageBatch(this.db, batch.map((p) => p.record));
        for (const p of batch) p.resolve();
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
    });
    return this.writing;
  }
}

const batchers = new WeakMap<Knex, UsageBatcher>();

export function usageBatcher(db: Knex): UsageBatcher {
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new UsageBatcher(db)));
  return batcher;
}

/** The record core/completion.ts's recordUsage writes for a priced completion. */
export function completionUsage(result: PricedResult, caller: Caller, kind = 'completion'): UsageRecord {
  const u = result.usage;
  return {
    keyId: caller.keyId,
    taskId: caller.taskId,
    kind,
    surface: caller.surface,
    provider: result.provider,
    model: result.model,
    inputTokens: u.inputTokens,
    outputTokens: u.outputTokens,
    totalTokens: u.totalTokens,
    cachedTokens: u.cachedTokens,
    cacheCreationTokens: u.cacheCreationTokens ?? 0,
    cost: result.cost.customerPrice,
    billing: result.cost.billing,
    cached: result.cost.cached === true,
    service: caller.service,
    tag: caller.tag,
  };
}

/** Logs instead of throwing: the caller already has its answer. */
export function recordInBackground(db: Knex, log: Logger, record: UsageRecord): void {
  usageBatcher(db)
    .add(record)
    .catch((err) => log.error({ err, provider: record.provider, model: record.model, surface: record.surface }, 'could not record usage'));
}
