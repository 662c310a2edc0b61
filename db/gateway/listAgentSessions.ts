import type { Knex } from 'knex';
import type { AgentSessionRow, AgentSessionStatus } from './agentSessionRow.ts';

/** The key's sessions, newest first, optionally of one template or in one status. */
export async function listAgentSessions(
  db: Knex,
  keyId: string,
  filter: { templateId?: number; status?: AgentSessionStatus; limit: number },
): Promise<AgentSessionRow[]> {
  const query = db('agent_sessions').where({ key_id: keyId });
  if (filter.templateId !== undefined) query.andWhere({ template_id: filter.templateId });
  if (filter.status !== undefined) query.andWhere({ status: filter.status });
  return query.orderBy('id', 'desc').limit(filter.limit);
}
