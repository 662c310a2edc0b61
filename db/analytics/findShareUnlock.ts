import type { Knex } from 'knex';

/** Whether the unlock token opens this link now. */
export async function findShareUnlock(db: Knex, tokenHash: Buffer, keyId: string, now: Date): Promise<boolean> {
  const row = await db('analytics_share_unlocks').select('key_id').where({ token_hash: tokenHash, key_id: keyId }).where('expires_at', '>', now).first();
  return Boolean(row);
}
