import type { Knex } from 'knex';
import type { AgentSessionRow } from './agentSessionRow.ts';

/** The session a provider conversation belongs to (post-call webhooks). */
export async function findAgentSessionByConversation(db: Knex, conversationId: string): Promise<AgentSessionRow | undefined> {
  return db('agent_sessions').where({ conversation_id: conversationId }).first();
}
