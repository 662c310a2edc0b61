import type { Knex } from 'knex';

export interface WaitingLine {
  line: number;
  task_id: string;
  request: any;
}

/** The first lines of a batch not yet submitted, in input order. */
export async function nextBatchLines(trx: Knex.Transaction, batchId: string, limit: number): Promise<WaitingLine[]> {
  const { rows } = await trx.raw(
    `SELECT l.line, l.task_id, l.request
       FROM gateway_batch_lines l
      WHERE l.batch_id = ? AND l.refusal IS NULL
        AND NOT EXISTS (SELECT 1 FROM gateway_tasks t WHERE t.id = l.task_id)
      ORDER BY l.line LIMIT ?`,
    [batchId, limit],
  );
  return rows;
}
