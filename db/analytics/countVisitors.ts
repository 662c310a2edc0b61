import type { Knex } from 'knex';
import { hoursInScope, type StatsScope } from './scope.ts';

export async function countVisitors(db: Knex, scope: StatsScope): Promise<number> {
  const [row] = await hoursInScope(db, 'analytics_hourly', scope).sum({ n: 'visitors' });
  return Number(row?.n ?? 0);
}
