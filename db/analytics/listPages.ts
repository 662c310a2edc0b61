import type { Knex } from 'knex';
import type { StatsScope } from './scope.ts';

// Reads the hourly rollup, never raw events; the window is widened to whole hours.
export default async function listPages(db: Knex, scope: StatsScope, limit = 100) {
  const q = db('analytics_page_hourly')
    .select('path')
    .sum({ pageviews: 'pageviews', visitors: 'visitors' })
    .where('project_id', scope.projectId)
    .where('hour', '>=', db.raw(`date_trunc('hour', ?::timestamptz, 'UTC')`, [scope.from]))
    .where('hour', '<=', scope.to)
    .groupBy('path')
    .orderBy([{ column: 'pageviews', order: 'desc' }, { column: 'path' }])
    .limit(limit);
  if (!scope.includeBots) q.where('is_bot', false);
  if (!scope.includeInternal) q.where('is_internal', false);
  const rows: Record<string, any>[] = await q;
  return rows.map((r) => ({ path: r.path as string, pageviews: Number(r.pageviews), visitors: Number(r.visitors) }));
}
