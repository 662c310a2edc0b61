import type { Knex } from 'knex';

/** Uses a reset token once: the account it resets, or null when it is unknown, used or expired. */
export async function takePasswordReset(db: Knex, tokenHash: Buffer, now: Date): Promise<string | null> {
  const { rows } = await db.raw(
    `UPDATE analytics_password_resets SET used_at = ?
     WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
     RETURNING account_id`,
    [now, tokenHash, now],
  );
  return rows[0]?.account_id ?? null;
}
