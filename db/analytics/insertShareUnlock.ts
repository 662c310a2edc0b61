import type { Knex } from 'knex';

export async function insertShareUnlock(db: Knex, tokenHash: Buffer, keyId: string, expiresAt: Date): Promise<void> {
  await db('analytics_share_unlocks').insert({ token_hash: tokenHash, key_id: keyId, expires_at: expiresAt });
}
