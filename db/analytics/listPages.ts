import type { Knex } from 'knex';
import { splitDays, type StatsScope } from './scope.ts';

// Full days come from the daily rollup, the edge hours from the hourly one; raw events are never read.
export async function listPages(db: Knex, scope: StatsScope, limit = 100) {
  const { days, hours } = splitDays(scope);
  const parts: string[] = [];
  const bindings: unknown[] = [];
  const flags = `AND (? OR NOT is_bot) AND (? OR NOT is_internal)`;
  if (days) {
    parts.push(`SELECT path, pageviews, visitors FROM analytics_page_daily WHERE project_id = ? AND day BETWEEN ?::date AND ?::date ${flags}`);
    bindings.push(scope.projectId, days[0].toISOString().slice(0, 10), days[1].toISOString().slice(0, 10), scope.includeBots, scope.includeInternal);
  }
  for (const [from, to] of hours) {
    parts.push(`SELECT path, pageviews, visitors FROM analytics_page_hourly WHERE project_id = ? AND hour >= ? AND hour <= ? ${flags}`);
    bindings.push(scope.projectId, from, to, scope.includeBots, scope.includeInternal);
  }
  const { rows } = await db.raw(
    `SELECT path, sum(pageviews)::int AS pageviews, sum(visitors)::int AS visitors
     FROM (${parts.join(' UNION ALL ')}) x
     GROUP BY path ORDER BY pageviews DESC, path LIMIT ?`,
    [...bindings, limit] as Knex.RawBinding[],
  );
  return rows as { path: string; pageviews: number; visitors: number }[];
}
