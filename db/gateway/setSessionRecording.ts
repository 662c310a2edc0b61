import type { Knex } from 'knex';
import type { RecordingState } from './agentSessionRow.ts';

/** Moves a session's recording from one state to another; false when it was not in `from`. */
export async function setSessionRecording(db: Knex, id: number, from: RecordingState, to: RecordingState): Promise<boolean> {
  const changed = await db('agent_sessions').where({ id, recording: from }).update({ recording: to, updated_at: db.fn.now() });
  return changed > 0;
}
