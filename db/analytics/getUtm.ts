import type { Knex } from 'knex';
import { sessionsInScope, type StatsScope } from './scope.ts';

async function breakdown(db: Knex, scope: StatsScope, column: string, limit: number) {
  const rows: Record<string, any>[] = await sessionsInScope(db, scope)
    .select({ value: column })
    .count({ visitors: '*' })
    .whereNotNull(column)
    .groupBy(column)
    .orderBy([{ column: 'visitors', order: 'desc' }, { column: 'value' }])
    .limit(limit);
  return rows.map((r) => ({ value: r.value as string, visitors: Number(r.visitors) }));
}

export async function getUtm(db: Knex, scope: StatsScope, limit = 100) {
  const [sources, mediums, campaigns] = await Promise.all([
    breakdown(db, scope, 'utm_source', limit),
    breakdown(db, scope, 'utm_medium', limit),
    breakdown(db, scope, 'utm_campaign', limit),
  ]);
  return { sources, mediums, campaigns };
}
