import type { Knex } from 'knex';

export interface FunnelRow {
  id: string;
  name: string;
  steps: { event?: string; page?: string }[];
  created_at: Date;
}

export async function listFunnels(db: Knex, projectId: string): Promise<FunnelRow[]> {
  return db('analytics_funnels').select('id', 'name', 'steps', 'created_at').where({ project_id: projectId }).orderBy([{ column: 'created_at' }, { column: 'id' }]);
}
