import type { Knex } from 'knex';

export const MEDIA_TASK_KINDS = ['image', 'video', 'speech', 'sound_effect', 'music', 'dialogue', 'transcription'];

/** Deletes media tasks that ended before `cutoff` (their stream chunks go with them); answers their ids so their files can go too. */
export async function deleteExpiredMediaTasks(db: Knex, cutoff: Date, limit = 1000): Promise<string[]> {
  const rows: Array<{ id: string }> = await db('gateway_tasks')
    .whereIn('id', db('gateway_tasks').select('id').whereIn('kind', MEDIA_TASK_KINDS).andWhere('finished_at', '<', cutoff).limit(limit))
    .delete()
    .returning('id');
  return rows.map((r) => r.id);
}
