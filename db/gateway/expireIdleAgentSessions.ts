import type { Knex } from 'knex';

/** Pending or active sessions no webhook has touched since `idleSince` become expired. */
export async function expireIdleAgentSessions(db: Knex, idleSince: Date): Promise<number> {
  return db('agent_sessions').whereIn('status', ['pending', 'active']).andWhere('updated_at', '<', idleSince).update({ status: 'expired', updated_at: db.fn.now() });
}
