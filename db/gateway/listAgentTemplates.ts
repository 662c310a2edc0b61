import type { Knex } from 'knex';
import type { AgentTemplateRow } from './agentTemplateRow.ts';

/** The key's templates, newest first. */
export async function listAgentTemplates(db: Knex, keyId: string, limit: number): Promise<AgentTemplateRow[]> {
  return db('agent_templates').where({ key_id: keyId }).orderBy('id', 'desc').limit(limit);
}
