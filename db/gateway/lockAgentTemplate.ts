import type { Knex } from 'knex';
import type { AgentTemplateRow } from './agentTemplateRow.ts';

/** The owner's template, locked for the rest of the transaction: edits of one template run one at a time. */
export async function lockAgentTemplate(trx: Knex.Transaction, id: number, keyId: string): Promise<AgentTemplateRow | undefined> {
  return trx('agent_templates').where({ id, key_id: keyId }).forUpdate().first();
}
