// Group commit for usage records: a busy gateway spends one statement (and one
// WAL flush) per batch instead of per call. Each add() resolves once its
// record is written.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { insertUsageBatch, type UsageRecord } from '../db/gateway/insertUsage.ts';
import { settleAllowances, type Charge, type CrossedThreshold } from '../db/gateway/settleAllowances.ts';
import { GroupCommit, writeBatchOrEach } from '../db/groupCommit.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { Caller, PricedResult } from './completion.ts';
import { endFailed, startSpan, tracing, type Span } from '../metrics/telemetry.ts';
import { isWarmUp } from './warmUp.ts';

/**
 * Records arriving while a write is in flight go in the next one, so under
 * load many calls share one INSERT, and an idle gateway writes at once.
 */
/** A usage record and what its call settles of its limits and budgets, written in one transaction. */
export type SettledUsage = UsageRecord & { charges?: Charge[] };

export class UsageBatcher {
  // Each record's own outcome: a refused record fails its own add(), never its neighbours'.
  private readonly commit: GroupCommit<SettledUsage, unknown>;
  /** Told of budget thresholds the settlements crossed (core/governance/alerts.ts). */
  onCrossed: ((rows: CrossedThreshold[]) => void) | undefined;

  constructor(db: Knex) {
    this.commit = new GroupCommit<SettledUsage, unknown>((records) => writeUsage(db, records, (rows) => this.onCrossed?.(rows)));
  }

  add(record: SettledUsage): Promise<void> {
    if (isWarmUp(record)) return Promise.resolve();
    const span = usageSpan();
    return this.commit.add(record).then(
      (refused) => {
        ended(span, refused);
        if (refused) throw refused;
      },
      (err) => {
        ended(span, err);
        throw err;
      },
    );
  }

  /**
   * For records nobody waits for (the /v1 calls record after answering): they
   * gather for up to LATER_WINDOW_MS before joining a write. Without the window,
   * at a few hundred calls per second nearly every call got its own INSERT,
   * about 0.5 ms of gateway CPU per call in knex and pg; with 50 ms, the
   * INSERTs (25 rows at 500 calls/s) still cost ~50 µs of gateway CPU per call,
   * plus a commit and WAL flush each in PostgreSQL on the same cores.
   * Nobody waits: `failed` is called with what refused the record, if
   * anything did (no promise per record).
   */
  addLater(record: SettledUsage, failed: (err: unknown) => void): void {
    // The start-up warm-up's calls (core/warmUp.ts) were nobody's: nothing is billed.
    if (isWarmUp(record)) return;
    this.later.push({ record, failed, span: usageSpan() });
    if (this.later.length >= LATER_MAX_ROWS) this.releaseLater();
    else this.laterTimer ??= setTimeout(() => this.releaseLater(), LATER_WINDOW_MS);
  }

  /** Resolves when everything added so far, waiting or not, is in the database. */
  flush(): Promise<void> {
    this.releaseLater();
    return this.commit.settle();
  }

  private later: Array<{ record: SettledUsage; failed: (err: unknown) => void; span: Span | undefined }> = [];
  private laterTimer: NodeJS.Timeout | undefined;

  private releaseLater(): void {
    clearTimeout(this.laterTimer);
    this.laterTimer = undefined;
    // Added in one turn of the event loop, they share the commit's next INSERT.
    for (const p of this.later.splice(0)) {
      // A record's own refusal comes back as its result; a failed write as the error.
      this.commit.push(p.record, (ok, value) => {
        ended(p.span, ok ? value : value ?? new Error('usage write failed'));
        if (!ok || value) p.failed(value);
      });
    }
  }
}

/**
 * One INSERT for the batch; if the database refuses it, each record alone, so
 * that a record it cannot take (whatever the reason) costs only itself.
 * A failure that is not the records' fault (the database is down) fails every
 * record alike, as each then tells its caller.
 */
function writeUsage(db: Knex, records: SettledUsage[], crossed: (rows: CrossedThreshold[]) => void): Promise<unknown[]> {
  return writeBatchOrEach(records, (some) =>
    writeThroughOutage(async () => {
      const charges = some.flatMap((r) => r.charges ?? []);
      if (!charges.length) return insertUsageBatch(db, some);
      // The spend settles with the usage rows or not at all.
      const rows = await db.transaction(async (trx) => {
        await insertUsageBatch(trx, some);
        return settleAllowances(trx, charges);
      });
      crossed(rows);
    }),
  );
}

/**
 * A span from the moment a record is handed over until its batch is written
 * (the group commit's wait included), child of the call that made it.
 */
function usageSpan(): Span | undefined {
  if (!tracing()) return undefined;
  return startSpan('INSERT gateway_usage', {
    attributes: { 'db.system.name': 'postgresql', 'db.operation.name': 'INSERT', 'db.collection.name': 'gateway_usage', 'switchyard.group_commit': true },
  });
}

function ended(span: Span | undefined, err: unknown): void {
  if (!span) return;
  if (err) endFailed(span, err);
  else span.end();
}

// While PostgreSQL is unreachable (a restart, a failover), a batch is retried
// this long, and the records behind it wait in memory: the /v1 calls go on
// answering (their keys are cached), and their usage is written once the
// database is back. A process killed during the outage loses what waits.
const OUTAGE_PATIENCE_MS = 10 * 60_000;

async function writeThroughOutage(write: () => Promise<unknown>): Promise<void> {
  const started = Date.now();
  for (let delay = 100; ; delay = Math.min(delay * 2, 2_000)) {
    try {
      await write();
      return;
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() - started > OUTAGE_PATIENCE_MS) throw err;
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

// Records not yet written when the process dies are lost: at most this window's worth.
const LATER_WINDOW_MS = 200;
const LATER_MAX_ROWS = 500;

const batchers = new WeakMap<Knex, UsageBatcher>();

export function usageBatcher(db: Knex): UsageBatcher {
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new UsageBatcher(db)));
  return batcher;
}

/** The record core/completion.ts's recordUsage writes for a priced completion. */
export function completionUsage(result: PricedResult & { deployment?: string }, caller: Caller, kind = 'completion'): UsageRecord {
  const u = result.usage;
  const record: UsageRecord = {
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
    teamId: caller.teamId,
    keyTags: caller.keyTags,
  };
  if (result.deployment !== undefined) record.deployment = result.deployment;
  return record;
}

/** Logs instead of throwing: the caller already has its answer. */
export function recordInBackground(db: Knex, log: Logger, record: UsageRecord): void {
  usageBatcher(db).addLater(record, (err) => log.error({ err, usage: record }, 'could not record usage'));
}
