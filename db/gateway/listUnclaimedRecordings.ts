import type { Knex } from 'knex';

/** Recordings still waiting to be fetched of sessions that ended before `endedBefore` (for the 30-day purge). */
export async function listUnclaimedRecordings(db: Knex, endedBefore: Date, limit: number): Promise<Array<{ id: number; conversation_id: string }>> {
  return db('agent_sessions')
    .select('id', 'conversation_id')
    .where({ recording: 'available' })
    .whereNotNull('conversation_id')
    .andWhere('ended_at', '<', endedBefore)
    .orderBy('ended_at')
    .limit(limit);
}
