import type { Knex } from 'knex';

/** A running batch's lines answered so far, and failed or refused so far. */
export async function batchCounts(db: Knex, batchId: string): Promise<{ completed: number; failed: number }> {
  const { rows } = await db.raw(
    `SELECT count(*) FILTER (WHERE t.status = 'completed')::int AS completed,
            count(*) FILTER (WHERE l.refusal IS NOT NULL OR t.status = 'error')::int AS failed
       FROM gateway_batch_lines l LEFT JOIN gateway_tasks t ON t.id = l.task_id WHERE l.batch_id = ?`,
    [batchId],
  );
  return rows[0];
}
