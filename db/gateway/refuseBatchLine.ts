import type { Knex } from 'knex';

/** A line refused when its turn came (a budget, the allow-list as changed): it never runs and ends in the error file. */
export async function refuseBatchLine(trx: Knex.Transaction, batchId: string, line: number, refusal: { status: number; body: unknown }): Promise<void> {
  await trx('gateway_batch_lines').where({ batch_id: batchId, line }).update({ refusal: JSON.stringify(refusal) });
}
