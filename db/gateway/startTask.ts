import type { Knex } from 'knex';
import type { TaskRow } from './getTask.ts';

/**
 * Moves a task to processing for a worker. A task already processing is a
 * retry after a worker died; a cancelled or finished one is not started.
 */
export async function startTask(db: Knex, id: string): Promise<TaskRow | undefined> {
  const [row] = await db('gateway_tasks')
    .where({ id })
    .whereIn('status', ['queued', 'processing'])
    .update({ status: 'processing', started_at: db.raw('coalesce(started_at, now())'), attempts: db.raw('attempts + 1') })
    .returning('*');
  return row;
}
