import type { Knex } from 'knex';
import { sessionsInScope, type StatsScope } from './scope.ts';

export async function listCountries(db: Knex, scope: StatsScope, limit = 250) {
  const rows: Record<string, any>[] = await sessionsInScope(db, scope)
    .select('country')
    .count({ visitors: '*' })
    .groupBy('country')
    .orderBy([{ column: 'visitors', order: 'desc' }, { column: 'country' }])
    .limit(limit);
  return rows.map((r) => ({ country: (r.country as string | null) ?? null, visitors: Number(r.visitors) }));
}
