import type { Knex } from 'knex';
import { sessionsInScope, type StatsScope } from './scope.ts';

export async function listRegions(db: Knex, scope: StatsScope, country?: string, limit = 250) {
  const q = sessionsInScope(db, scope)
    .select('country', 'region', 'region_code')
    .count({ visitors: '*' })
    .groupBy('country', 'region', 'region_code')
    .orderBy([{ column: 'visitors', order: 'desc' }, { column: 'region_code' }])
    .limit(limit);
  if (country) q.where('country', country.toUpperCase());
  const rows: Record<string, any>[] = await q;
  return rows.map((r) => ({
    country: (r.country as string | null) ?? null,
    region: (r.region as string | null) ?? null,
    regionCode: (r.region_code as string | null) ?? null,
    visitors: Number(r.visitors),
  }));
}
