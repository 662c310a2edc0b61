import type { Knex } from 'knex';
import type { BatchRow } from './getBatch.ts';

/** A page of a key's batches, newest first, after the batch `after` (one more than `limit`, to tell whether more follow). */
export async function listBatches(db: Knex, keyId: string, limit: number, after?: string): Promise<BatchRow[]> {
  const query = db('gateway_batches').where({ key_id: keyId });
  if (after) {
    query.andWhereRaw('(created_at, id) < (SELECT created_at, id FROM gateway_batches WHERE id = ? AND key_id = ?)', [after, keyId]);
  }
  return query.orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit + 1);
}
