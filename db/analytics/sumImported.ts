import type { Knex } from 'knex';

export interface ImportedSumRow {
  dim: string;
  /** The value; for dim 'total' the day (YYYY-MM-DD), so a time series reads its days. */
  key: string;
  visits: number;
  visitors: number;
  pageviews: number;
  bounces: number;
  duration_s: number;
  events: number;
}

/**
 * Imported counts of the days that start within [from, to) in the time zone and
 * have no collected event, summed per dimension and value (per day for the
 * headline). A day with collected events is left out here, so the stats add this
 * to what they collected without counting a day twice. The collected-event test is
 * one index probe per imported day (analytics_events_time).
 */
export async function sumImported(db: Knex, projectId: string, from: Date, to: Date, timeZone: string): Promise<ImportedSumRow[]> {
  const { rows } = await db.raw(
    `WITH usable AS (
       SELECT DISTINCT i.day FROM analytics_imported i
        WHERE i.project_id = :p AND i.dim = 'total'
          AND i.day BETWEEN (:from::timestamptz AT TIME ZONE :tz)::date AND (:to::timestamptz AT TIME ZONE :tz)::date
          AND (i.day::timestamp AT TIME ZONE :tz) >= :from AND (i.day::timestamp AT TIME ZONE :tz) < :to
          AND NOT EXISTS (
            SELECT 1 FROM analytics_events e
             WHERE e.project_id = :p
               AND e.created_at >= (i.day::timestamp AT TIME ZONE :tz)
               AND e.created_at < ((i.day + 1)::timestamp AT TIME ZONE :tz))
     )
     SELECT i.dim, CASE WHEN i.dim = 'total' THEN to_char(i.day, 'YYYY-MM-DD') ELSE i.value END AS key,
            sum(i.visits)::float8 AS visits, sum(i.visitors)::float8 AS visitors, sum(i.pageviews)::float8 AS pageviews,
            sum(i.bounces)::float8 AS bounces, sum(i.duration_s)::float8 AS duration_s, sum(i.events)::float8 AS events
       FROM analytics_imported i JOIN usable u ON u.day = i.day
      WHERE i.project_id = :p
      GROUP BY 1, 2`,
    { p: projectId, from: from.toISOString(), to: to.toISOString(), tz: timeZone },
  );
  return rows;
}
