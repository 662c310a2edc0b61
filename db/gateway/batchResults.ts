import type { Knex } from 'knex';
import type { TaskError } from './finishTask.ts';

export interface BatchLineResult {
  line: number;
  custom_id: string;
  model: string;
  task_id: string;
  refusal: { status: number; body: unknown } | null;
  /** What the line runs (null when refused). */
  request: unknown;
  /** Null when the line never ran. */
  status: 'queued' | 'processing' | 'completed' | 'error' | 'cancelled' | null;
  result: any;
  error: TaskError | null;
}

/** Every line of a batch with its task's end, in input order: what its output and error files are written from. */
export async function batchResults(trx: Knex.Transaction, batchId: string): Promise<BatchLineResult[]> {
  const { rows } = await trx.raw(
    `SELECT l.line, l.custom_id, l.model, l.task_id, l.refusal, l.request, t.status, t.result, t.error
       FROM gateway_batch_lines l LEFT JOIN gateway_tasks t ON t.id = l.task_id
      WHERE l.batch_id = ? ORDER BY l.line`,
    [batchId],
  );
  return rows;
}
