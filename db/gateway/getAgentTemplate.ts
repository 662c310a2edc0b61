import type { Knex } from 'knex';
import type { AgentTemplateRow } from './agentTemplateRow.ts';

/** A template as its owner sees it (another key's looks missing); without keyId, any template (webhooks). */
export async function getAgentTemplate(db: Knex, id: number, keyId?: string): Promise<AgentTemplateRow | undefined> {
  const query = db('agent_templates').where({ id });
  if (keyId !== undefined) query.andWhere({ key_id: keyId });
  return query.first();
}
