import type { Knex } from 'knex';
import type { AccountRow } from './accountRows.ts';

export async function findAccountBySubject(db: Knex, subject: string): Promise<AccountRow | null> {
  return (await db('analytics_accounts').where({ oidc_subject: subject }).first()) ?? null;
}
