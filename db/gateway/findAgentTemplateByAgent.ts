import type { Knex } from 'knex';
import type { AgentTemplateRow } from './agentTemplateRow.ts';

/** The template whose upstream agent this is, if the key owns it (signed URLs) or whoever owns it (post-call webhooks). */
export async function findAgentTemplateByAgent(db: Knex, agentId: string, keyId?: string): Promise<AgentTemplateRow | undefined> {
  const query = db('agent_templates').where({ agent_id: agentId });
  if (keyId !== undefined) query.andWhere({ key_id: keyId });
  return query.first();
}
