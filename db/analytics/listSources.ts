import type { Knex } from 'knex';
import { describeSource } from '../../analytics/sources.ts';
import { sessionsInScope, type StatsScope } from './scope.ts';

export default async function listSources(db: Knex, scope: StatsScope, limit = 100) {
  const rows: Record<string, any>[] = await sessionsInScope(db, scope)
    .select(db.raw(`coalesce(traffic_source, 'direct') AS source`))
    .count({ visitors: '*' })
    .groupBy('source')
    .orderBy([{ column: 'visitors', order: 'desc' }, { column: 'source' }])
    .limit(limit);
  return rows.map((r) => ({ ...describeSource(r.source as string), visitors: Number(r.visitors) }));
}
