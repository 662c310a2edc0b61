import type { Knex } from 'knex';

/** Stores a new session; sessions past their expiry are swept in the same statement. */
export async function insertAccountSession(db: Knex, tokenHash: Buffer, accountId: string, expiresAt: Date): Promise<void> {
  await db.raw(
    `WITH swept AS (DELETE FROM analytics_account_sessions WHERE expires_at < now())
     INSERT INTO analytics_account_sessions (token_hash, account_id, expires_at) VALUES (?, ?, ?)`,
    [tokenHash, accountId, expiresAt],
  );
}
