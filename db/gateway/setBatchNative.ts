import type { Knex } from 'knex';
import type { NativeBatchState } from './getBatch.ts';

/** What is known of a batch's run on the provider's own batch API. */
export async function setBatchNative(trx: Knex.Transaction, id: string, native: NativeBatchState): Promise<void> {
  await trx('gateway_batches').where({ id }).update({ native: JSON.stringify(native) });
}
