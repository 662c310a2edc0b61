import type { Knex } from 'knex';

export async function findKeysByPrefix(db: Knex, prefix: string) {
  const rows = await db('analytics_keys').select('id', 'project_id', 'kind', 'hash').where({ prefix }).whereNull('revoked_at');
  return rows as { id: string; project_id: string; kind: 'live' | 'read'; hash: Buffer }[];
}
