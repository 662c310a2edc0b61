import type { Knex } from 'knex';
import { storableJson } from '../jsonText.ts';

export interface ChunkRow {
  seq: number;
  event: string;
  data: unknown;
}

export async function insertChunks(db: Knex, taskId: string, chunks: ChunkRow[]): Promise<void> {
  if (!chunks.length) return;
  await db('gateway_task_chunks').insert(
    chunks.map((c) => ({ task_id: taskId, seq: c.seq, event: c.event, data: storableJson(c.data) })),
  );
}
