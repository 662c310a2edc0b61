import type { Knex } from 'knex';
import type { BatchRow } from './getBatch.ts';

export interface NewBatchLine {
  line: number;
  customId: string;
  /** The model as the line named it (`<provider>/<model>`), which its answer repeats. */
  model: string;
  taskId: string;
  /** What the queue runs for the line, or undefined when the line was refused. */
  request?: unknown;
  /** The refusal the line gets instead of running. */
  refusal?: { status: number; body: unknown };
}

/** A batch and its lines, in one transaction. */
export async function insertBatch(
  db: Knex,
  batch: Omit<BatchRow, 'created_at' | 'cancelling_at' | 'ended_at' | 'output_file_id' | 'error_file_id' | 'completed' | 'failed'> & {
    ended: boolean;
    /** What a native batch holds of its owner's budgets until it ends (core/governance TaskCharge). */
    charges?: unknown[];
  },
  lines: NewBatchLine[],
): Promise<BatchRow> {
  return db.transaction(async (trx) => {
    const { ended, charges, ...row } = batch;
    const [inserted] = await trx('gateway_batches')
      .insert({ ...row, metadata: row.metadata === null ? null : JSON.stringify(row.metadata), errors: row.errors === null ? null : JSON.stringify(row.errors), native: row.native === null ? null : JSON.stringify(row.native), charges: charges?.length ? JSON.stringify(charges) : null, ended_at: ended ? trx.fn.now() : null })
      .returning('*');
    for (let i = 0; i < lines.length; i += 1000) {
      await trx('gateway_batch_lines').insert(
        lines.slice(i, i + 1000).map((l) => ({
          batch_id: row.id,
          line: l.line,
          custom_id: l.customId,
          model: l.model,
          task_id: l.taskId,
          request: l.request === undefined ? null : JSON.stringify(l.request),
          refusal: l.refusal === undefined ? null : JSON.stringify(l.refusal),
        })),
      );
    }
    return inserted as BatchRow;
  });
}
