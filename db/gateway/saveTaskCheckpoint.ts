import type { Knex } from 'knex';

/** Stores a provider job id with its task before anything else happens, so a retry resumes instead of resubmitting. */
export async function saveTaskCheckpoint(db: Knex, id: string, checkpoint: unknown): Promise<void> {
  await db('gateway_tasks').where({ id }).update({ checkpoint: JSON.stringify(checkpoint) });
}
