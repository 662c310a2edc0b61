import type { Knex } from 'knex';

/** An unexpired upload of this key. */
export async function getUpload(db: Knex, id: string, keyId: string) {
  return db('gateway_uploads')
    .select('id', 'mime_type', 'size_bytes', 'path', 'expires_at')
    .where({ id, key_id: keyId })
    .andWhere('expires_at', '>', db.fn.now())
    .first();
}
