import type { Knex } from 'knex';

/** The password hash of an active shared link (null: it has none). */
export async function getSharedLinkPassword(db: Knex, keyId: string): Promise<string | null> {
  const row = await db('analytics_keys').select('password_hash').where({ id: keyId, kind: 'share' }).whereNull('revoked_at').first();
  return row?.password_hash ?? null;
}
