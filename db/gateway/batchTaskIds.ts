import type { Knex } from 'knex';

/** The tasks of a batch's lines that are still queued or processing. */
export async function batchTaskIds(db: Knex, batchId: string): Promise<string[]> {
  const { rows } = await db.raw(
    `SELECT t.id FROM gateway_batch_lines l JOIN gateway_tasks t ON t.id = l.task_id
      WHERE l.batch_id = ? AND t.status IN ('queued', 'processing')`,
    [batchId],
  );
  return rows.map((r: { id: string }) => r.id);
}
