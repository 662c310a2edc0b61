import type { Knex } from 'knex';
import type { AccountRow } from './accountRows.ts';

export async function findAccountByEmail(db: Knex, email: string): Promise<AccountRow | null> {
  return (await db('analytics_accounts').where({ email }).first()) ?? null;
}
