import type { Knex } from 'knex';
import type { AgentSessionRow } from './agentSessionRow.ts';

/** The session, locked for the rest of the transaction (its completion is decided once). */
export async function lockAgentSession(trx: Knex.Transaction, id: number): Promise<AgentSessionRow | undefined> {
  return trx('agent_sessions').where({ id }).forUpdate().first();
}
