import type { Knex } from 'knex';

export interface StoredTally {
  projectId: string;
  start: number;
  hours: number;
  leftOut: number;
  aggregation: string;
  signature: string;
  /** JSON text. */
  data: string;
}

/** Writes tallies in one statement; a row tallied from other segment versions is replaced. */
export async function putStoredTallies(db: Knex, rows: StoredTally[]): Promise<void> {
  if (!rows.length) return;
  // Sorted, so two processes writing overlapping batches take the row locks in one order.
  rows.sort((a, b) => (a.projectId < b.projectId ? -1 : a.projectId > b.projectId ? 1 : a.start - b.start || a.hours - b.hours || a.leftOut - b.leftOut || (a.aggregation < b.aggregation ? -1 : a.aggregation > b.aggregation ? 1 : 0)));
  await db.raw(
    `INSERT INTO analytics_stored_tallies AS t (project_id, start_at, hours, left_out, aggregation, signature, data, size)
     SELECT p, s, h, l, a, g, d::json, length(d) FROM unnest(?::uuid[], ?::timestamptz[], ?::smallint[], ?::smallint[], ?::text[], ?::text[], ?::text[]) AS r(p, s, h, l, a, g, d)
     ON CONFLICT (project_id, start_at, hours, left_out, aggregation)
     DO UPDATE SET signature = excluded.signature, data = excluded.data, size = excluded.size WHERE t.signature <> excluded.signature`,
    [rows.map((r) => r.projectId), rows.map((r) => new Date(r.start)), rows.map((r) => r.hours), rows.map((r) => r.leftOut),
      rows.map((r) => r.aggregation), rows.map((r) => r.signature), rows.map((r) => r.data)],
  );
}
