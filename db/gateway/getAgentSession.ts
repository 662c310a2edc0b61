import type { Knex } from 'knex';
import type { AgentSessionRow } from './agentSessionRow.ts';

/** A session as its owner sees it (another key's looks missing); without keyId, any session (webhooks). */
export async function getAgentSession(db: Knex, id: number, keyId?: string): Promise<AgentSessionRow | undefined> {
  const query = db('agent_sessions').where({ id });
  if (keyId !== undefined) query.andWhere({ key_id: keyId });
  return query.first();
}
