import type { Knex } from 'knex';

/** Deletes a key's custom model; false when it has none by that id. */
export async function deleteVisionModel(db: Knex, id: string, keyId: string): Promise<boolean> {
  return (await db('vision_models').where({ id, key_id: keyId }).delete()) > 0;
}
