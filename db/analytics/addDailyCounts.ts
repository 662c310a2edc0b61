import type { Knex } from 'knex';

/** Adds live-ingested events to each project's UTC-day counter; returns the new totals. */
export async function addDailyCounts(db: Knex | Knex.Transaction, day: string, counts: Map<string, number>) {
  if (counts.size === 0) return new Map<string, number>();
  const { rows } = await db.raw(
    `INSERT INTO analytics_daily_counts AS d (project_id, day, count)
     SELECT project_id, ?::date, n FROM jsonb_to_recordset(?::jsonb) AS x(project_id uuid, n bigint)
     ORDER BY project_id
     ON CONFLICT (project_id, day) DO UPDATE SET count = d.count + excluded.count
     RETURNING project_id, count`,
    [day, JSON.stringify([...counts].map(([project_id, n]) => ({ project_id, n })))],
  );
  return new Map<string, number>(rows.map((r: { project_id: string; count: string }) => [r.project_id, Number(r.count)]));
}
