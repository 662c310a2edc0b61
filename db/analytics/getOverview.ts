import type { Knex } from 'knex';
import type { StatsScope } from './scope.ts';

// Segments ignore the toggles (they describe all traffic); the headline numbers
// honour them. Both come out of one pass over the window's sessions.
export default async function getOverview(db: Knex, scope: StatsScope) {
  const { rows } = await db.raw(
    `WITH s AS (
       SELECT *, ((? OR NOT is_bot) AND (? OR NOT is_internal)) AS counted
       FROM analytics_sessions
       WHERE project_id = ? AND started_at >= ? AND started_at <= ?
     )
     SELECT
       count(*) FILTER (WHERE counted)::int AS visitors,
       coalesce(sum(pageviews) FILTER (WHERE counted), 0)::int AS pageviews,
       coalesce(sum(events) FILTER (WHERE counted), 0)::int AS events,
       count(*) FILTER (WHERE counted AND pageviews + events <= 1)::int AS bounces,
       coalesce(avg(extract(epoch FROM last_seen_at - started_at)) FILTER (WHERE counted), 0)::float8 AS avg_duration,
       count(*) FILTER (WHERE is_bot)::int AS bots,
       count(*) FILTER (WHERE NOT is_bot AND is_internal)::int AS internal,
       count(*) FILTER (WHERE NOT is_bot AND NOT is_internal AND is_vpn)::int AS vpn,
       count(*) FILTER (WHERE NOT is_bot AND NOT is_internal AND NOT is_vpn)::int AS humans
     FROM s`,
    [scope.includeBots, scope.includeInternal, scope.projectId, scope.from, scope.to],
  );
  const r = rows[0];
  return {
    visitors: r.visitors as number,
    pageviews: r.pageviews as number,
    events: r.events as number,
    bounceRate: r.visitors ? Math.round((r.bounces / r.visitors) * 10000) / 10000 : 0,
    avgVisitDurationSeconds: Math.round(r.avg_duration * 10) / 10,
    viewsPerVisit: r.visitors ? Math.round((r.pageviews / r.visitors) * 100) / 100 : 0,
    segments: { humans: r.humans as number, bots: r.bots as number, vpn: r.vpn as number, internal: r.internal as number },
  };
}
