import type { Knex } from 'knex';
import type { FileRow } from './insertFile.ts';

/** A file's record as its key sees it; another key's file is indistinguishable from a missing one. */
export async function getFile(db: Knex, id: string, keyId: string): Promise<FileRow | undefined> {
  return db('gateway_files').select('id', 'key_id', 'purpose', 'filename', 'bytes', 'created_at').where({ id, key_id: keyId }).first();
}
