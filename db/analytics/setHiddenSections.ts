import type { Knex } from 'knex';

export async function setHiddenSections(db: Knex, projectId: string, sections: string[]): Promise<void> {
  await db('analytics_projects').update({ hidden_sections: sections }).where({ id: projectId });
}
