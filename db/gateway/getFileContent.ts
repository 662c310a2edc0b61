import type { Knex } from 'knex';

/** A file's bytes, for its key only. */
export async function getFileContent(db: Knex, id: string, keyId: string): Promise<{ content: Buffer; purpose: string } | undefined> {
  return db('gateway_files').select('content', 'purpose').where({ id, key_id: keyId }).first();
}
