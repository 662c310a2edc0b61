import type { Knex } from 'knex';

export async function revokeSharedLink(db: Knex, projectId: string, linkId: string): Promise<boolean> {
  return (await db('analytics_keys').where({ project_id: projectId, id: linkId, kind: 'share' }).whereNull('revoked_at').update({ revoked_at: db.fn.now() })) > 0;
}
