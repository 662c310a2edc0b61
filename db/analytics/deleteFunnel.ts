import type { Knex } from 'knex';

export async function deleteFunnel(db: Knex, projectId: string, funnelId: string): Promise<boolean> {
  return (await db('analytics_funnels').where({ project_id: projectId, id: funnelId }).delete()) > 0;
}
