// Imported data (analytics/imports/) added to the stats answers. The collected
// answer is computed as always; the imported daily aggregates of the period's
// days that have no collected event are then added to it, row by row. Rates are
// re-weighted by sessions: the collected side's bounces and duration come back
// from its rounded rate and mean (an error under 0.01% of a session's bounce and
// 0.05 s of its duration per session), the imported side's are exact sums.
import type { Knex } from 'knex';
import { sumImported } from '../db/analytics/sumImported.ts';
import type { Period } from './query/period.ts';
import type { ImportDim } from './imports/types.ts';

export interface Counts {
  visits: number;
  pageviews: number;
  bounces: number;
  durationS: number;
  events: number;
}

export interface ImportedView {
  /** Days answered from imports. */
  days: number;
  total: Counts;
  byDay: Map<string, Counts>;
  byDim: Map<ImportDim, Map<string, Counts>>;
}

export interface ImportedNote {
  included: boolean;
  days: number;
  reason?: 'filtered' | 'hourly' | 'dimension';
}

const zero = (): Counts => ({ visits: 0, pageviews: 0, bounces: 0, durationS: 0, events: 0 });

export async function importedView(db: Knex, projectId: string, period: Period): Promise<ImportedView> {
  const rows = await sumImported(db, projectId, new Date(period.from), new Date(period.to), period.timeZone);
  const view: ImportedView = { days: 0, total: zero(), byDay: new Map(), byDim: new Map() };
  for (const r of rows) {
    // Sessions where the source has them; a custom-event row of Plausible's has only its daily visitors.
    const c: Counts = { visits: r.visits || r.visitors, pageviews: r.pageviews, bounces: r.bounces, durationS: r.duration_s, events: r.events };
    if (r.dim === 'total') {
      view.days++;
      view.byDay.set(r.key, c);
      for (const k of Object.keys(c) as (keyof Counts)[]) view.total[k] += c[k];
    } else {
      let m = view.byDim.get(r.dim as ImportDim);
      if (!m) view.byDim.set(r.dim as ImportDim, (m = new Map()));
      m.set(r.key, c);
    }
  }
  return view;
}

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

interface Headline {
  visitors: number;
  pageviews: number;
  bounceRate: number;
  avgVisitDurationSeconds: number;
}

/** A collected row's headline numbers plus imported counts, rates re-weighted by sessions. */
export function addHeadline<T extends Headline>(row: T, c: Counts): T {
  const visitors = row.visitors + c.visits;
  if (visitors === 0) return row;
  const bounces = row.bounceRate * row.visitors + c.bounces;
  const seconds = row.avgVisitDurationSeconds * row.visitors + c.durationS;
  return { ...row, visitors, pageviews: row.pageviews + c.pageviews, bounceRate: round(bounces / visitors, 4), avgVisitDurationSeconds: round(seconds / visitors, 1) };
}

export function addOverview<T extends Headline & { events: number; viewsPerVisit: number }>(o: T, v: ImportedView): T {
  const h = addHeadline(o, v.total);
  return { ...h, events: o.events + v.total.events, viewsPerVisit: h.visitors ? round(h.pageviews / h.visitors, 2) : 0 };
}

export function addTimeseries<P extends Headline & { date: string }>(points: P[], v: ImportedView): P[] {
  return points.map((p) => {
    const c = v.byDay.get(p.date);
    return c ? addHeadline(p, c) : p;
  });
}

/**
 * Rows of a breakdown with the imported values of its dimension added: a value
 * both have is one row; a value only the import has becomes a row made by
 * `make`. Sorted again by `main` (ties by key), cut to `limit`.
 */
export function addRows<R extends object>(
  rows: R[], counts: Map<string, Counts> | undefined, limit: number,
  keyOf: (r: R) => string | null, add: (r: R, c: Counts) => R, make: (key: string | null, c: Counts) => R, main: (r: R) => number,
): R[] {
  if (!counts || counts.size === 0) return rows;
  const left = new Map(counts);
  const merged = rows.map((r) => {
    const key = keyOf(r) ?? '';
    const c = left.get(key);
    if (!c) return r;
    left.delete(key);
    return add(r, c);
  });
  for (const [key, c] of left) merged.push(make(key === '' ? null : key, c));
  return merged
    .sort((a, b) => main(b) - main(a) || String(keyOf(a) ?? '').localeCompare(String(keyOf(b) ?? '')))
    .slice(0, limit);
}
