import type { Knex } from 'knex';

export interface AccountSessionRow {
  account_id: string;
  email: string;
  name: string | null;
  expires_at: Date;
}

/** The live session with this token hash and its account, or null. */
export async function findAccountSession(db: Knex, tokenHash: Buffer, now: Date): Promise<AccountSessionRow | null> {
  const row = await db('analytics_account_sessions as s')
    .join('analytics_accounts as a', 'a.id', 's.account_id')
    .select('s.account_id', 'a.email', 'a.name', 's.expires_at')
    .where('s.token_hash', tokenHash).where('s.expires_at', '>', now)
    .first();
  return row ?? null;
}
