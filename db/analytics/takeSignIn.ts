import type { Knex } from 'knex';

/** The sign-in a state names, removed as it is read so it completes at most once; undefined when unknown or expired. */
export async function takeSignIn(db: Knex, stateHash: Buffer, now: Date): Promise<{ codeVerifier: string; nonce: string } | undefined> {
  const result = await db.raw('DELETE FROM analytics_sign_ins WHERE state_hash = ? RETURNING code_verifier, nonce, expires_at', [stateHash]);
  const row = result.rows[0] as { code_verifier: string; nonce: string; expires_at: Date } | undefined;
  return row && row.expires_at > now ? { codeVerifier: row.code_verifier, nonce: row.nonce } : undefined;
}
