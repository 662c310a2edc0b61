import { ApiError } from '../../protocols/errors.ts';

export type PeriodName = '24h' | '7d' | '30d' | '90d' | 'custom';
export type Compare = 'previous_period' | 'year_over_year';

const ROLLING: Record<Exclude<PeriodName, 'custom'>, number> = {
  '24h': 24 * 3600_000,
  '7d': 7 * 86400_000,
  '30d': 30 * 86400_000,
  '90d': 90 * 86400_000,
};
export const PERIODS = Object.keys(ROLLING);
/** Longest custom range: what the retention default keeps, and what one query may scan. */
export const MAX_CUSTOM_DAYS = 400;

export interface Period {
  name: PeriodName;
  /** [from, to): instants in ms. */
  from: number;
  to: number;
  timeZone: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether the runtime knows this IANA zone. */
export function isTimeZone(tz: string): boolean {
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at instant t, in ms (local = t + offset). */
export function offsetAt(timeZone: string, t: number): number {
  if (timeZone === 'UTC') return 0;
  const parts = formatter(timeZone).formatToParts(new Date(t));
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const local = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return local - Math.floor(t / 1000) * 1000;
}

/** The instant of local midnight starting `date` (YYYY-MM-DD) in the zone. */
export function startOfLocalDay(timeZone: string, date: string): number {
  const naive = Date.parse(`${date}T00:00:00Z`);
  // Two passes settle the offset across a transition.
  let t = naive - offsetAt(timeZone, naive);
  t = naive - offsetAt(timeZone, t);
  return t;
}

/**
 * Offsets over [from, to) in 15-minute slots (zones move at most on quarter hours),
 * so bucketing an event is an array read. Built from the few transitions found by
 * probing each day and bisecting where the offset changed.
 */
export class OffsetTable {
  readonly from: number;
  readonly slots: Int32Array;
  constructor(timeZone: string, from: number, to: number) {
    const SLOT = 900_000;
    this.from = Math.floor(from / SLOT) * SLOT;
    const n = Math.max(1, Math.ceil((to - this.from) / SLOT) + 1);
    this.slots = new Int32Array(n);
    if (timeZone === 'UTC') return;
    let at = this.from;
    let off = offsetAt(timeZone, at);
    let slot = 0;
    const end = this.from + n * SLOT;
    while (at < end) {
      const next = Math.min(at + 86400_000, end);
      const nextOff = offsetAt(timeZone, next);
      let change = next;
      if (nextOff !== off) {
        let lo = at;
        let hi = next;
        while (hi - lo > SLOT) {
          const mid = lo + Math.floor((hi - lo) / 2 / SLOT) * SLOT;
          if (mid === lo) break;
          if (offsetAt(timeZone, mid) === off) lo = mid;
          else hi = mid;
        }
        change = hi;
      }
      const last = Math.min(n, Math.ceil((change - this.from) / SLOT));
      this.slots.fill(off, slot, last);
      slot = last;
      off = offsetAt(timeZone, change);
      at = change;
    }
  }
  offset(t: number): number {
    const i = Math.floor((t - this.from) / 900_000);
    return this.slots[i < 0 ? 0 : i >= this.slots.length ? this.slots.length - 1 : i]!;
  }
}

export interface PeriodQuery {
  period?: string;
  window?: string;
  from?: string;
  to?: string;
  timezone?: string;
}

function bad(message: string, param: string): ApiError {
  return new ApiError('invalid_request', message, { code: 'bad_request', param });
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The contract's period parameters: `period` (alias `window`), custom `from`/`to` dates, `timezone`. */
export function parsePeriod(q: PeriodQuery, now = Date.now(), fallback: PeriodName = '7d'): Period {
  if (q.period !== undefined && q.window !== undefined && q.period !== q.window) {
    throw bad('period and window are the same parameter (window is the older name); give one of them.', 'period');
  }
  const name = (q.period ?? q.window ?? fallback) as PeriodName;
  const timeZone = q.timezone ?? 'UTC';
  if (!isTimeZone(timeZone)) throw bad(`timezone must be an IANA time zone such as Europe/Berlin; ${timeZone} is not one.`, 'timezone');
  if (name === 'custom') {
    if (!q.from || !q.to) throw bad('period=custom needs from and to (YYYY-MM-DD, inclusive, in the timezone).', q.from ? 'to' : 'from');
    for (const [k, v] of [['from', q.from], ['to', q.to]] as const) {
      if (!DATE.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)) || new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) !== v) {
        throw bad(`${k} must be a date written YYYY-MM-DD.`, k);
      }
    }
    if (q.to < q.from) throw bad('to must not be before from.', 'to');
    const days = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86400_000 + 1;
    if (days > MAX_CUSTOM_DAYS) throw bad(`A custom range spans at most ${MAX_CUSTOM_DAYS} days.`, 'to');
    const next = new Date(Date.parse(`${q.to}T00:00:00Z`) + 86400_000).toISOString().slice(0, 10);
    return { name, from: startOfLocalDay(timeZone, q.from), to: startOfLocalDay(timeZone, next), timeZone };
  }
  if (q.from !== undefined || q.to !== undefined) throw bad('from and to apply only to period=custom.', q.from !== undefined ? 'from' : 'to');
  const span = ROLLING[name as Exclude<PeriodName, 'custom'>];
  if (!span) throw bad(`period must be one of ${PERIODS.join(', ')} or custom (Plausible's "period"; "window" is accepted as an alias).`, 'period');
  // Rolling windows end now (the end is exclusive, so include the current millisecond).
  return { name, from: now + 1 - span, to: now + 1, timeZone };
}

/** The period compared against: the same length right before, or the same dates a year earlier. */
export function comparisonPeriod(p: Period, compare: Compare): Period {
  if (compare === 'previous_period') return { ...p, from: p.from - (p.to - p.from), to: p.from };
  const back = (t: number) => {
    const d = new Date(t);
    d.setUTCFullYear(d.getUTCFullYear() - 1);
    return d.getTime();
  };
  return { ...p, from: back(p.from), to: back(p.to) };
}

export function parseCompare(value: string | undefined): Compare | null {
  if (value === undefined || value === '') return null;
  if (value === 'previous_period' || value === 'year_over_year') return value;
  throw bad('compare must be previous_period or year_over_year.', 'compare');
}
