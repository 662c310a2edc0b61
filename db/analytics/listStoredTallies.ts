import type { Knex } from 'knex';

export interface StoredTallyRow {
  /** Start of the day or hour (ms). */
  start: number;
  hours: number;
  leftOut: number;
  aggregation: string;
  /** JSON text, parsed only when the aggregation is asked for. */
  data: string;
}

/** The stored tallies, for these traffic toggles, of the given days and hours whose signature is still the given one. */
export async function listStoredTallies(db: Knex, projectId: string, leftOut: number, wanted: { start: number; hours: number; signature: string }[]): Promise<StoredTallyRow[]> {
  if (!wanted.length) return [];
  const { rows } = await db.raw(
    `SELECT (extract(epoch FROM t.start_at) * 1000)::float8 AS start, t.hours, t.left_out AS "leftOut", t.aggregation, t.data::text AS data
     FROM unnest(?::timestamptz[], ?::smallint[], ?::text[]) AS w(start_at, hours, signature)
     JOIN analytics_stored_tallies t ON t.project_id = ? AND t.start_at = w.start_at AND t.hours = w.hours AND t.left_out = ?
       AND t.signature = w.signature`,
    [wanted.map((w) => new Date(w.start)), wanted.map((w) => w.hours), wanted.map((w) => w.signature), projectId, leftOut],
  );
  return rows as StoredTallyRow[];
}
