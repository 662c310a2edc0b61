import type { Knex } from 'knex';

export async function deleteAgentTemplate(db: Knex, id: number): Promise<void> {
  await db('agent_templates').where({ id }).delete();
}
