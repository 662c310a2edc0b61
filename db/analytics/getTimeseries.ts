import type { Knex } from 'knex';
import { firstHour, type StatsScope } from './scope.ts';

/** Visitors (sessions started) and page views per UTC bucket from the hourly rollup, zero-filled, oldest first. */
export async function getTimeseries(db: Knex, scope: StatsScope, interval: 'hour' | 'day') {
  const { rows } = await db.raw(
    `WITH buckets AS (
       SELECT generate_series(date_trunc(?, ?::timestamptz, 'UTC'), date_trunc(?, ?::timestamptz, 'UTC'), ('1 ' || ?)::interval) AS t
     ),
     h AS (
       SELECT date_trunc(?, hour, 'UTC') AS t, sum(visitors)::int AS visitors, sum(pageviews)::int AS pageviews
       FROM analytics_hourly
       WHERE project_id = ? AND hour >= ? AND hour <= ?
         AND (? OR NOT is_bot) AND (? OR NOT is_internal)
       GROUP BY 1
     )
     SELECT b.t, coalesce(h.visitors, 0) AS visitors, coalesce(h.pageviews, 0) AS pageviews
     FROM buckets b LEFT JOIN h USING (t) ORDER BY b.t`,
    [interval, scope.from, interval, scope.to, interval, interval, scope.projectId, firstHour(scope), scope.to, scope.includeBots, scope.includeInternal],
  );
  return rows.map((r: { t: Date; visitors: number; pageviews: number }) => ({ t: r.t.toISOString(), visitors: r.visitors, pageviews: r.pageviews }));
}
