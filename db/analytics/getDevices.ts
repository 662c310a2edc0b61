import type { Knex } from 'knex';
import { sessionsInScope, type StatsScope } from './scope.ts';

async function breakdown(db: Knex, scope: StatsScope, column: string, limit: number) {
  const rows: Record<string, any>[] = await sessionsInScope(db, scope)
    .select({ name: column })
    .count({ visitors: '*' })
    .groupBy(column)
    .orderBy([{ column: 'visitors', order: 'desc' }, { column: 'name' }])
    .limit(limit);
  return rows.map((r) => ({ name: (r.name as string | null) ?? null, visitors: Number(r.visitors) }));
}

export async function getDevices(db: Knex, scope: StatsScope, limit = 100) {
  const [browsers, os, deviceTypes] = await Promise.all([
    breakdown(db, scope, 'browser', limit),
    breakdown(db, scope, 'os', limit),
    breakdown(db, scope, 'device_type', limit),
  ]);
  return { browsers, os, deviceTypes };
}
