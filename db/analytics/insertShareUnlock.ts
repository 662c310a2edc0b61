import type { Knex } from 'knex';

/** Stores an unlock token's hash; unlocks past their expiry are swept in the same statement. */
export async function insertShareUnlock(db: Knex, tokenHash: Buffer, keyId: string, expiresAt: Date): Promise<void> {
  await db.raw(
    `WITH swept AS (DELETE FROM analytics_share_unlocks WHERE expires_at < now())
     INSERT INTO analytics_share_unlocks (token_hash, key_id, expires_at) VALUES (?, ?, ?)`,
    [tokenHash, keyId, expiresAt],
  );
}
