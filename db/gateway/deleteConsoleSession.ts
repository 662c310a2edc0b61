import type { Knex } from 'knex';

/** Ends a session; answers whether there was one. */
export async function deleteConsoleSession(db: Knex, tokenHash: Buffer): Promise<boolean> {
  return (await db('console_sessions').where({ token_hash: tokenHash }).delete()) > 0;
}
