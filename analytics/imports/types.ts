import type { ImportedAggregate } from '../../db/analytics/insertImport.ts';

/**
 * What every import becomes: additive daily counts per dimension value. Plausible
 * exports exactly this; event rows (Umami, GA4) are summed into it, so one reader
 * serves every source and nothing finer than a day is ever claimed.
 */
export type ImportSource = 'plausible' | 'umami' | 'ga4';

/** `total` is a day's headline (value ''); the others are the dimensions the stats routes break down by. */
export const IMPORT_DIMS = ['total', 'page', 'source', 'country', 'browser', 'os', 'device', 'event'] as const;
export type ImportDim = (typeof IMPORT_DIMS)[number];

/** A day's counts: the stored aggregate's (db/analytics/insertImport.ts says what each is). */
export type DayCounts = Omit<ImportedAggregate, 'day' | 'dim' | 'value'>;

export interface ImportedRow extends ImportedAggregate {
  dim: ImportDim;
}

export const zeroCounts = (): DayCounts => ({ visits: 0, visitors: 0, pageviews: 0, bounces: 0, durationS: 0, events: 0 });

/** Rows keyed by day, dimension and value; adding to a key sums (a Plausible location row per city sums into its country). */
export class DailyTable {
  private readonly rows = new Map<string, ImportedRow>();
  rowsRead = 0;
  rowsSkipped = 0;

  add(day: string, dim: ImportDim, value: string, counts: Partial<DayCounts>): void {
    const key = `${day}\u0000${dim}\u0000${value}`;
    let row = this.rows.get(key);
    if (!row) {
      row = { day, dim, value, ...zeroCounts() };
      this.rows.set(key, row);
    }
    for (const k of Object.keys(counts) as (keyof DayCounts)[]) row[k] += counts[k] ?? 0;
  }

  get size(): number {
    return this.rows.size;
  }

  values(): ImportedRow[] {
    return [...this.rows.values()];
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** YYYY-MM-DD when it is a real calendar day, else null. */
export function dayOf(text: string | undefined): string | null {
  const t = text?.trim() ?? '';
  const day = /^\d{8}$/.test(t) ? `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}` : t.slice(0, 10);
  if (!DAY.test(day)) return null;
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== day ? null : day;
}

/** A count column: a non-negative integer, '' as 0; anything else is null (the row is skipped). */
export function countOf(text: string | undefined): number | null {
  const t = text?.trim() ?? '';
  if (t === '') return 0;
  if (!/^\d{1,15}$/.test(t)) return null;
  return Number(t);
}
