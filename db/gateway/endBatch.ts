import type { Knex } from 'knex';

/** A batch's end: its status, counts and files. */
export async function endBatch(
  trx: Knex.Transaction,
  id: string,
  end: { status: 'completed' | 'expired' | 'cancelled'; completed: number; failed: number; outputFileId: string | null; errorFileId: string | null },
): Promise<void> {
  await trx('gateway_batches').where({ id }).update({
    status: end.status,
    completed: end.completed,
    failed: end.failed,
    output_file_id: end.outputFileId,
    error_file_id: end.errorFileId,
    provider_key: null,
    ended_at: trx.fn.now(),
  });
}
