import type { Knex } from 'knex';
import type { ChunkRow } from './insertChunks.ts';

export async function listChunks(db: Knex, taskId: string, afterSeq: number): Promise<ChunkRow[]> {
  return db('gateway_task_chunks').select('seq', 'event', 'data').where({ task_id: taskId }).andWhere('seq', '>', afterSeq).orderBy('seq');
}
