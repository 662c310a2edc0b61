import type { Knex } from 'knex';
import type { StatsScope } from './scope.ts';

/** Sessions and page views per UTC bucket, zero-filled, oldest first. */
export default async function getTimeseries(db: Knex, scope: StatsScope, interval: 'hour' | 'day') {
  const { rows } = await db.raw(
    `WITH buckets AS (
       SELECT generate_series(date_trunc(?, ?::timestamptz, 'UTC'), date_trunc(?, ?::timestamptz, 'UTC'), ('1 ' || ?)::interval) AS t
     ),
     s AS (
       SELECT date_trunc(?, started_at, 'UTC') AS t, count(*)::int AS visitors, sum(pageviews)::int AS pageviews
       FROM analytics_sessions
       WHERE project_id = ? AND started_at >= ? AND started_at <= ?
         AND (? OR NOT is_bot) AND (? OR NOT is_internal)
       GROUP BY 1
     )
     SELECT b.t, coalesce(s.visitors, 0) AS visitors, coalesce(s.pageviews, 0) AS pageviews
     FROM buckets b LEFT JOIN s USING (t) ORDER BY b.t`,
    [interval, scope.from, interval, scope.to, interval, interval, scope.projectId, scope.from, scope.to, scope.includeBots, scope.includeInternal],
  );
  return rows.map((r: { t: Date; visitors: number; pageviews: number }) => ({ t: r.t.toISOString(), visitors: r.visitors, pageviews: r.pageviews }));
}
