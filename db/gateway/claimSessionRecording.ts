import type { Knex } from 'knex';

/**
 * Takes an available recording for sending, so two requests cannot both get
 * it; answers the conversation id, or undefined when it was not available.
 */
export async function claimSessionRecording(db: Knex, id: number, keyId: string): Promise<string | undefined> {
  const [row] = await db('agent_sessions')
    .where({ id, key_id: keyId, recording: 'available' })
    .whereNotNull('conversation_id')
    .update({ recording: 'sending', updated_at: db.fn.now() })
    .returning('conversation_id');
  return row?.conversation_id;
}
