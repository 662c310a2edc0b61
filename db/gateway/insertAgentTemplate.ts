import type { Knex } from 'knex';
import { templateColumns, type AgentTemplateRow, type AgentTemplateValues } from './agentTemplateRow.ts';

/** Stores a template whose upstream parts exist, under the id reserved for it. */
export async function insertAgentTemplate(db: Knex, values: AgentTemplateValues): Promise<AgentTemplateRow> {
  const [row] = await db('agent_templates')
    .insert({ ...templateColumns(values), webhook_secret_updated_at: db.fn.now() })
    .returning('*');
  return row;
}
