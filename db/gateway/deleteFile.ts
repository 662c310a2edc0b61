import type { Knex } from 'knex';

/** Deletes a file of this key; false when it had none by that id. */
export async function deleteFile(db: Knex, id: string, keyId: string): Promise<boolean> {
  return (await db('gateway_files').where({ id, key_id: keyId }).delete()) > 0;
}
