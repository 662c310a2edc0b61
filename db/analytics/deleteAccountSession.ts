import type { Knex } from 'knex';

export async function deleteAccountSession(db: Knex, tokenHash: Buffer): Promise<void> {
  await db('analytics_account_sessions').delete().where({ token_hash: tokenHash });
}
