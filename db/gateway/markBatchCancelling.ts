import type { Knex } from 'knex';

/** Marks a running batch of this key cancelling; false when it was not running. */
export async function markBatchCancelling(trx: Knex.Transaction, id: string, keyId: string): Promise<boolean> {
  return (await trx('gateway_batches').where({ id, key_id: keyId, status: 'in_progress' }).update({ status: 'cancelling', cancelling_at: trx.fn.now() })) > 0;
}
