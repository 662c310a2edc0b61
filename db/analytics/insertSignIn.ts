import type { Knex } from 'knex';

/** Remembers a sign-in sent to the identity provider; abandoned ones past their expiry are swept in the same statement. */
export async function insertSignIn(db: Knex, stateHash: Buffer, signIn: { codeVerifier: string; nonce: string; expiresAt: Date }): Promise<void> {
  await db.raw(
    `WITH swept AS (DELETE FROM analytics_sign_ins WHERE expires_at < now())
     INSERT INTO analytics_sign_ins (state_hash, code_verifier, nonce, expires_at) VALUES (?, ?, ?, ?)`,
    [stateHash, signIn.codeVerifier, signIn.nonce, signIn.expiresAt],
  );
}
