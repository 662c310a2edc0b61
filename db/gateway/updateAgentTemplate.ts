import type { Knex } from 'knex';
import { templateColumns, type AgentTemplateRow, type AgentTemplateValues } from './agentTemplateRow.ts';

/** Writes a template's new values (and the rotation time when the secret changed). */
export async function updateAgentTemplate(
  db: Knex,
  id: number,
  values: Partial<AgentTemplateValues>,
  opts: { secretRotated: boolean },
): Promise<AgentTemplateRow> {
  const [row] = await db('agent_templates')
    .where({ id })
    .update({ ...templateColumns(values), updated_at: db.fn.now(), ...(opts.secretRotated ? { webhook_secret_updated_at: db.fn.now() } : {}) })
    .returning('*');
  return row;
}
