import type { Knex } from 'knex';

export async function insertAccountSession(db: Knex, tokenHash: Buffer, accountId: string, expiresAt: Date): Promise<void> {
  await db('analytics_account_sessions').insert({ token_hash: tokenHash, account_id: accountId, expires_at: expiresAt });
}
