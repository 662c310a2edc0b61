// The console's Overview: calls, errors by code and latency of the /v1 calls and
// of the native API's queued tasks as they end (gateway_traffic, counted here
// for the gateway, each team and each key), beside the billed calls, tokens and spend
// of every surface (the daily usage rollup). A process counts its calls in
// memory and adds them to PostgreSQL in one upsert every few seconds, so the
// count costs a call no database round trip; a process that crashes loses at
// most those seconds of counts (never usage or spend, which are written apart).
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { addTraffic, type TrafficCount } from '../../db/gateway/addTraffic.ts';
import { getTraffic, type TrafficScope } from '../../db/gateway/getTraffic.ts';
import { getTrafficUsage } from '../../db/gateway/getTrafficUsage.ts';
import { getKeyTeams } from '../../db/gateway/getKeyTeams.ts';
import { ApiError } from '../../protocols/errors.ts';

/** Latency buckets: bucket 0 holds calls up to 1 ms, bucket i those up to GROWTH^i ms; the last everything above. */
const GROWTH = 1.25;
const LAST_BUCKET = 80;
const FLUSH_MS = 5_000;
const DAY_MS = 86_400_000;
const MAX_DAYS = 366;

export function latencyBucket(ms: number): number {
  if (!(ms > 1)) return 0;
  return Math.min(LAST_BUCKET, Math.ceil(Math.log(ms) / Math.log(GROWTH) - 1e-9));
}
const upperBound = (bucket: number) => GROWTH ** bucket;
const lowerBound = (bucket: number) => (bucket === 0 ? 0 : GROWTH ** (bucket - 1));

/** One finished /v1 call or queued task. */
export interface TrafficCall {
  keyId: string;
  teamId?: string;
  provider?: string;
  model?: string;
  /** Absent when the call was answered without error. */
  errorCode?: string;
  latencyMs: number;
  at: Date;
}

export class TrafficRecorder {
  private pending = new Map<string, TrafficCount>();
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private readonly db: Knex;
  private readonly log: Logger | undefined;

  constructor(db: Knex, log?: Logger) {
    this.db = db;
    this.log = log;
  }

  // Ended tasks whose key's team is read when they are written: a task's row does not carry it.
  private teamless: Array<Omit<TrafficCall, 'teamId'>> = [];

  observe(call: TrafficCall): void {
    this.count(call);
    this.schedule();
  }

  /** A queued task that ended: counted under its key's team as the key's row says when the count is written. */
  observeTask(call: Omit<TrafficCall, 'teamId'>): void {
    this.teamless.push(call);
    this.schedule();
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, FLUSH_MS).unref();
  }

  private count(call: TrafficCall): void {
    const c = {
      day: call.at.toISOString().slice(0, 10), provider: call.provider ?? null, model: call.model ?? null, errorCode: call.errorCode ?? null,
      bucket: latencyBucket(call.latencyMs), calls: 1, latencyMs: call.latencyMs,
    };
    this.add({ scope: 'all', subject: null, ...c });
    if (call.teamId) this.add({ scope: 'team', subject: call.teamId, ...c });
    this.add({ scope: 'key', subject: call.keyId, ...c });
  }

  private add(c: TrafficCount): void {
    const id = [c.scope, c.subject, c.day, c.provider, c.model, c.errorCode, c.bucket].join('\u0000');
    const had = this.pending.get(id);
    if (had) {
      had.calls += c.calls;
      had.latencyMs += c.latencyMs;
    } else this.pending.set(id, { ...c });
  }

  /** Writes every count taken so far; a failed write keeps them for the next. */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      if (this.teamless.length) {
        const tasks = this.teamless;
        this.teamless = [];
        try {
          const teams = await getKeyTeams(this.db, [...new Set(tasks.map((t) => t.keyId))]);
          for (const t of tasks) this.count({ ...t, teamId: teams.get(t.keyId) });
        } catch (err) {
          this.teamless.unshift(...tasks);
          this.log?.error({ err }, 'could not read the teams of ended tasks; their counts are kept for the next write');
        }
      }
      if (!this.pending.size) return;
      const counts = [...this.pending.values()];
      this.pending = new Map();
      try {
        await addTraffic(this.db, counts);
      } catch (err) {
        for (const c of counts) this.add(c);
        this.log?.error({ err }, 'could not write the traffic counts; kept for the next write');
      }
    });
    return this.writing;
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}

export interface TrafficAmounts {
  requests: number;
  errors: number;
  p50LatencyMs: number | null;
  p99LatencyMs: number | null;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  spend: number;
}

interface Group {
  amounts: TrafficAmounts;
  histogram: Map<number, number>;
  codes: Map<string, number>;
}

const newGroup = (): Group => ({
  amounts: { requests: 0, errors: 0, p50LatencyMs: null, p99LatencyMs: null, calls: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0, spend: 0 },
  histogram: new Map(),
  codes: new Map(),
});

/** The latency under which a fraction `q` of the calls fall, interpolated inside its bucket. */
export function quantile(histogram: Map<number, number>, q: number): number | null {
  const buckets = [...histogram.entries()].sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((n, [, c]) => n + c, 0);
  if (!total) return null;
  const rank = q * total;
  let seen = 0;
  for (const [bucket, count] of buckets) {
    if (seen + count >= rank) {
      const lo = lowerBound(bucket);
      const hi = bucket === LAST_BUCKET ? lo : upperBound(bucket);
      return Math.round((lo + ((hi - lo) * (rank - seen)) / count) * 100) / 100;
    }
    seen += count;
  }
  return Math.round(lowerBound(buckets.at(-1)![0]) * 100) / 100;
}

function finish(g: Group): TrafficAmounts & { errorsByCode: Array<{ code: string; count: number }> } {
  g.amounts.p50LatencyMs = quantile(g.histogram, 0.5);
  g.amounts.p99LatencyMs = quantile(g.histogram, 0.99);
  g.amounts.spend = Math.round(g.amounts.spend * 1e8) / 1e8;
  const errorsByCode = [...g.codes.entries()].map(([code, count]) => ({ code, count })).sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
  return { ...g.amounts, errorsByCode };
}

// The spec's format refuses a day that does not exist first; this keeps one that slips through from a 500.
function dayMs(day: string, param: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) {
    throw new ApiError('invalid_request', `${param} must be a day, YYYY-MM-DD`, { code: 'invalid_request', param });
  }
  return ms;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The Overview's numbers for UTC days `from` to `to`, and for today and this
 * month (UTC, as of `now`), as the caller's scope may see them. The days all
 * three need are read once: the range and the month to date as one window
 * when they meet, else each apart.
 */
export async function trafficReport(db: Knex, scope: TrafficScope, q: { from?: string; to?: string }, now: number) {
  const to = q.to ?? isoDay(now);
  const toMs = dayMs(to, 'to');
  const from = q.from ?? isoDay(toMs - 29 * DAY_MS);
  const fromMs = dayMs(from, 'from');
  if (fromMs > toMs) throw new ApiError('invalid_request', `from (${from}) is after to (${to})`, { code: 'invalid_range', param: 'from' });
  const days = (toMs - fromMs) / DAY_MS + 1;
  if (days > MAX_DAYS) throw new ApiError('invalid_request', `The range spans ${days} days; at most ${MAX_DAYS}`, { code: 'range_too_large', param: 'from' });
  const today = isoDay(now);
  const monthFrom = `${today.slice(0, 8)}01`;
  const windows: Array<[string, string]> =
    from <= isoDay(dayMs(today, 'to') + DAY_MS) && monthFrom <= isoDay(toMs + DAY_MS)
      ? [[from < monthFrom ? from : monthFrom, to > today ? to : today]]
      : [[from, to], [monthFrom, today]];
  const read = await Promise.all(windows.map(([a, b]) => Promise.all([getTraffic(db, scope, a, b), getTrafficUsage(db, scope, a, b)])));
  const traffic = read.flatMap((r) => r[0]);
  const usage = read.flatMap((r) => r[1]);

  const total = newGroup();
  const todayGroup = newGroup();
  const monthGroup = newGroup();
  const models = new Map<string, Group & { provider: string | null; model: string | null }>();
  const byDay = new Map<string, Group>();
  const modelOf = (provider: string | null, model: string | null) => {
    const id = `${provider}\u0000${model}`;
    let g = models.get(id);
    if (!g) models.set(id, (g = { ...newGroup(), provider, model }));
    return g;
  };
  const dayOf = (day: string) => {
    let g = byDay.get(day);
    if (!g) byDay.set(day, (g = newGroup()));
    return g;
  };
  // Each row counts in the range's groups if it is of the range, and in today's and the month's if of theirs.
  const groupsOf = (r: { day: string; provider: string | null; model: string | null }) => {
    const out: Group[] = [];
    if (r.day >= from && r.day <= to) out.push(total, modelOf(r.provider, r.model), dayOf(r.day));
    if (r.day >= monthFrom && r.day <= today) out.push(monthGroup);
    if (r.day === today) out.push(todayGroup);
    return out;
  };
  for (const r of traffic) {
    for (const g of groupsOf(r)) {
      g.amounts.requests += r.calls;
      g.histogram.set(r.bucket, (g.histogram.get(r.bucket) ?? 0) + r.calls);
      if (r.errorCode !== null) {
        g.amounts.errors += r.calls;
        g.codes.set(r.errorCode, (g.codes.get(r.errorCode) ?? 0) + r.calls);
      }
    }
  }
  for (const r of usage) {
    for (const g of groupsOf(r)) {
      g.amounts.calls += r.calls;
      g.amounts.inputTokens += r.inputTokens;
      g.amounts.outputTokens += r.outputTokens;
      g.amounts.totalTokens += r.totalTokens;
      g.amounts.spend += r.spend;
    }
  }
  const byModel = [...models.values()]
    .map((g) => ({ provider: g.provider, model: g.model, ...finish(g) }))
    .sort((a, b) => b.spend - a.spend || b.requests - a.requests || String(a.provider).localeCompare(String(b.provider)) || String(a.model).localeCompare(String(b.model)));
  const series = [];
  for (let ms = fromMs; ms <= toMs; ms += DAY_MS) {
    const day = isoDay(ms);
    const { errorsByCode: _codes, ...amounts } = finish(byDay.get(day) ?? newGroup());
    series.push({ day, ...amounts });
  }
  return {
    from, to, currency: 'USD' as const, totals: finish(total), byModel, days: series,
    today: { day: today, ...finish(todayGroup) },
    month: { from: monthFrom, to: today, ...finish(monthGroup) },
  };
}
