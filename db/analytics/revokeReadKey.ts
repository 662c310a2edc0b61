import type { Knex } from 'knex';

export async function revokeReadKey(db: Knex, projectId: string): Promise<number> {
  return db('analytics_keys').where({ project_id: projectId, kind: 'read' }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
}
