import type { Knex } from 'knex';
import { hoursInScope, type StatsScope } from './scope.ts';

export async function listSources(db: Knex, scope: StatsScope, limit = 100) {
  const rows: Record<string, any>[] = await hoursInScope(db, 'analytics_source_hourly', scope)
    .select({ source: 'traffic_source' })
    .sum({ visitors: 'visitors' })
    .groupBy('traffic_source')
    .orderBy([{ column: 'visitors', order: 'desc' }, { column: 'source' }])
    .limit(limit);
  return rows.map((r) => ({ source: r.source as string, visitors: Number(r.visitors) }));
}
