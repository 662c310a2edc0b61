import type { Knex } from 'knex';
import type { FunnelRow } from './listFunnels.ts';

export async function getFunnel(db: Knex, projectId: string, funnelId: string): Promise<FunnelRow | null> {
  return (await db('analytics_funnels').select('id', 'name', 'steps', 'created_at').where({ project_id: projectId, id: funnelId }).first()) ?? null;
}
