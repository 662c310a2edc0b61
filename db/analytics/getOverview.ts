import type { Knex } from 'knex';
import { firstHour, type StatsScope } from './scope.ts';

// Reads the hourly rollup. Segments ignore the toggles (they describe all
// traffic); the headline numbers honour them. One pass serves both.
export async function getOverview(db: Knex, scope: StatsScope) {
  const { rows } = await db.raw(
    `WITH h AS (
       SELECT *, ((? OR NOT is_bot) AND (? OR NOT is_internal)) AS counted
       FROM analytics_hourly
       WHERE project_id = ? AND hour >= ? AND hour <= ?
     )
     SELECT
       coalesce(sum(visitors) FILTER (WHERE counted), 0)::int AS visitors,
       coalesce(sum(pageviews) FILTER (WHERE counted), 0)::int AS pageviews,
       coalesce(sum(events) FILTER (WHERE counted), 0)::int AS events,
       coalesce(sum(bounces) FILTER (WHERE counted), 0)::int AS bounces,
       coalesce(sum(duration_ms) FILTER (WHERE counted), 0)::float8 AS duration_ms,
       coalesce(sum(visitors) FILTER (WHERE is_bot), 0)::int AS bots,
       coalesce(sum(visitors) FILTER (WHERE NOT is_bot AND is_internal), 0)::int AS internal,
       coalesce(sum(visitors) FILTER (WHERE NOT is_bot AND NOT is_internal AND is_vpn), 0)::int AS vpn,
       coalesce(sum(visitors) FILTER (WHERE NOT is_bot AND NOT is_internal AND NOT is_vpn), 0)::int AS humans
     FROM h`,
    [scope.includeBots, scope.includeInternal, scope.projectId, firstHour(scope), scope.to],
  );
  const r = rows[0];
  return {
    visitors: r.visitors as number,
    pageviews: r.pageviews as number,
    events: r.events as number,
    bounceRate: r.visitors ? Math.round((r.bounces / r.visitors) * 10000) / 10000 : 0,
    avgVisitDurationSeconds: r.visitors ? Math.round(r.duration_ms / r.visitors / 100) / 10 : 0,
    viewsPerVisit: r.visitors ? Math.round((r.pageviews / r.visitors) * 100) / 100 : 0,
    segments: { humans: r.humans as number, bots: r.bots as number, vpn: r.vpn as number, internal: r.internal as number },
  };
}
