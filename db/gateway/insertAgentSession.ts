import type { Knex } from 'knex';
import type { AgentSessionRow } from './agentSessionRow.ts';

export async function insertAgentSession(
  db: Knex,
  session: { keyId: string; templateId: number; agentId: string; conversationId?: string; charges?: unknown[] },
): Promise<AgentSessionRow> {
  const [row] = await db('agent_sessions')
    .insert({ key_id: session.keyId, template_id: session.templateId, agent_id: session.agentId, conversation_id: session.conversationId ?? null, status: 'pending', charges: session.charges?.length ? JSON.stringify(session.charges) : null })
    .returning('*');
  return row;
}
