import type { Knex } from 'knex';

export async function getHiddenSections(db: Knex, projectId: string): Promise<string[]> {
  const row = await db('analytics_projects').select('hidden_sections').where({ id: projectId }).first();
  return row?.hidden_sections ?? [];
}
