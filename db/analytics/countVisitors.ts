import type { Knex } from 'knex';
import { sessionsInScope, type StatsScope } from './scope.ts';

export default async function countVisitors(db: Knex, scope: StatsScope): Promise<number> {
  const [row] = await sessionsInScope(db, scope).count({ n: '*' });
  return Number(row!.n);
}
