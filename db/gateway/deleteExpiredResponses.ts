import type { Knex } from 'knex';

export async function deleteExpiredResponses(db: Knex): Promise<number> {
  return db('gateway_responses').where('expires_at', '<=', db.fn.now()).delete();
}
