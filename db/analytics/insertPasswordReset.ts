import type { Knex } from 'knex';

export async function insertPasswordReset(db: Knex, tokenHash: Buffer, accountId: string, expiresAt: Date): Promise<void> {
  await db('analytics_password_resets').insert({ token_hash: tokenHash, account_id: accountId, expires_at: expiresAt });
}
