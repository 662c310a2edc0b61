import type { Knex } from 'knex';

export async function deleteExpiredCache(db: Knex): Promise<number> {
  return db('gateway_cache').where('expires_at', '<=', db.fn.now()).delete();
}
