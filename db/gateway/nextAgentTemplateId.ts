import type { Knex } from 'knex';

/** Reserves a template id before anything is created upstream (the agent's tools carry it). */
export async function nextAgentTemplateId(db: Knex): Promise<number> {
  const { rows } = await db.raw(`SELECT nextval(pg_get_serial_sequence('agent_templates', 'id'))::int AS id`);
  return rows[0].id;
}
