import type { Knex } from 'knex';

/** True when the key had such a response (expired ones count as gone). */
export async function deleteResponse(db: Knex, id: string, keyId: string): Promise<boolean> {
  const deleted = await db('gateway_responses').where({ id, key_id: keyId }).andWhere('expires_at', '>', db.fn.now()).delete();
  return deleted > 0;
}
