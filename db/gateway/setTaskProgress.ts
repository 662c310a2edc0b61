import type { Knex } from 'knex';

/** Records a running task's latest progress; an ended task keeps what it had. */
export async function setTaskProgress(db: Knex, id: string, progress: unknown): Promise<void> {
  await db('gateway_tasks').where({ id, status: 'processing' }).update({ progress: JSON.stringify(progress) });
}
