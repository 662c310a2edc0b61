import type { Knex } from 'knex';

export async function deleteExpiredUploads(db: Knex): Promise<Array<{ path: string }>> {
  return db('gateway_uploads').where('expires_at', '<=', db.fn.now()).delete().returning('path');
}
