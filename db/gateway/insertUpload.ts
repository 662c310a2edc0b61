import type { Knex } from 'knex';

export async function insertUpload(
  db: Knex,
  upload: { id: string; keyId: string; mimeType: string; sizeBytes: number; path: string; ttlSeconds: number },
): Promise<{ expiresAt: Date }> {
  const [row] = await db('gateway_uploads')
    .insert({
      id: upload.id,
      key_id: upload.keyId,
      mime_type: upload.mimeType,
      size_bytes: upload.sizeBytes,
      path: upload.path,
      expires_at: db.raw(`now() + make_interval(secs => ?)`, [upload.ttlSeconds]),
    })
    .returning('expires_at');
  return { expiresAt: row.expires_at };
}
