import type { Knex } from 'knex';

/** How many of a batch's lines run now (their task queued or processing) and how many wait to be submitted. */
export async function batchProgress(trx: Knex.Transaction, batchId: string): Promise<{ inFlight: number; waiting: number }> {
  const { rows } = await trx.raw(
    `SELECT count(*) FILTER (WHERE t.status IN ('queued', 'processing'))::int AS in_flight,
            count(*) FILTER (WHERE l.refusal IS NULL AND t.id IS NULL)::int AS waiting
       FROM gateway_batch_lines l LEFT JOIN gateway_tasks t ON t.id = l.task_id
      WHERE l.batch_id = ?`,
    [batchId],
  );
  return { inFlight: rows[0].in_flight, waiting: rows[0].waiting };
}
