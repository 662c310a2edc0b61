import type { Knex } from 'knex';

export async function findKeysByPrefix(db: Knex, prefix: string) {
  const rows = await db('analytics_keys').select('id', 'project_id', 'kind', 'hash', 'expires_at', 'password_hash').where({ prefix }).whereNull('revoked_at');
  return rows as { id: string; project_id: string; kind: 'live' | 'read' | 'share'; hash: Buffer; expires_at: Date | null; password_hash: string | null }[];
}
