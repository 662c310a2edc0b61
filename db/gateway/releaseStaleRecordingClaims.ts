import type { Knex } from 'knex';

/** Recordings left `sending` by a process that died while sending them become available again. */
export async function releaseStaleRecordingClaims(db: Knex, claimedBefore: Date): Promise<number> {
  return db('agent_sessions').where({ recording: 'sending' }).andWhere('updated_at', '<', claimedBefore).update({ recording: 'available', updated_at: db.fn.now() });
}
