import type { Knex } from 'knex';
import type { TaskRow } from './getTask.ts';

/**
 * Moves tasks to processing for a worker, in one statement. A task already
 * processing is a retry after a worker died; cancelled or finished ones are
 * left alone (and absent from the answer).
 */
export async function startTasks(db: Knex, ids: string[]): Promise<TaskRow[]> {
  return db('gateway_tasks')
    .whereIn('id', ids)
    .whereIn('status', ['queued', 'processing'])
    .update({ status: 'processing', started_at: db.raw('coalesce(started_at, clock_timestamp())'), attempts: db.raw('attempts + 1') })
    .returning('*');
}
