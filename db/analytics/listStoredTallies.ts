import type { Knex } from 'knex';

export interface StoredTallyRow {
  /** Start of the day or hour (ms). */
  start: number;
  hours: number;
  leftOut: number;
  aggregation: string;
  /** JSON text, parsed only when the aggregation is asked for; null when longer than the limit asked (read later). */
  data: string | null;
}

/**
 * The stored tallies, for these traffic toggles, of the given days and hours whose
 * signature is still the given one: those of one aggregation, or of all with the text
 * of those up to `inline` characters (a page list is tens of kilobytes a day, a headline
 * a hundred bytes).
 */
export async function listStoredTallies(db: Knex, projectId: string, leftOut: number, wanted: { start: number; hours: number; signature: string }[], opts: { aggregation?: string; inline?: number } = {}): Promise<StoredTallyRow[]> {
  if (!wanted.length) return [];
  const { rows } = await db.raw(
    `SELECT (extract(epoch FROM t.start_at) * 1000)::float8 AS start, t.hours, t.left_out AS "leftOut", t.aggregation,
       CASE WHEN ?::int IS NULL OR t.size <= ?::int THEN t.data::text END AS data
     FROM unnest(?::timestamptz[], ?::smallint[], ?::text[]) AS w(start_at, hours, signature)
     JOIN analytics_stored_tallies t ON t.project_id = ? AND t.start_at = w.start_at AND t.hours = w.hours AND t.left_out = ?
       AND t.signature = w.signature AND (?::text IS NULL OR t.aggregation = ?::text)`,
    [opts.inline ?? null, opts.inline ?? null, wanted.map((w) => new Date(w.start)), wanted.map((w) => w.hours), wanted.map((w) => w.signature), projectId, leftOut, opts.aggregation ?? null, opts.aggregation ?? null],
  );
  return rows as StoredTallyRow[];
}
