import type { Knex } from 'knex';
import type { BatchRow } from './getBatch.ts';

/** The batch row, locked until the transaction ends: whoever advances or cancels a batch does it alone. */
export async function lockBatch(trx: Knex.Transaction, id: string): Promise<BatchRow | undefined> {
  return trx('gateway_batches').where({ id }).forUpdate().first();
}
