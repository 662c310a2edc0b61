import type { Knex } from 'knex';
import type { AgentSessionRow } from './agentSessionRow.ts';

/** A pending (or expired: a late first webhook) session becomes active; the session as it now is. */
export async function activateAgentSession(db: Knex, id: number): Promise<AgentSessionRow | undefined> {
  await db('agent_sessions').where({ id }).whereIn('status', ['pending', 'expired']).update({ status: 'active', updated_at: db.fn.now() });
  return db('agent_sessions').where({ id }).first();
}
