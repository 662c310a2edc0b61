import type { Knex } from 'knex';

export async function deleteChunks(db: Knex, taskId: string): Promise<void> {
  await db('gateway_task_chunks').where({ task_id: taskId }).delete();
}
