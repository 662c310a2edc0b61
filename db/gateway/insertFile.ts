import type { Knex } from 'knex';

export interface FileRow {
  id: string;
  key_id: string;
  purpose: string;
  filename: string;
  bytes: number;
  created_at: Date;
}

/** Stores a file of a key: an upload, or a batch's output or error file. */
export async function insertFile(db: Knex, file: { id: string; keyId: string; purpose: string; filename: string; content: Buffer }): Promise<FileRow> {
  const [row] = await db('gateway_files')
    .insert({ id: file.id, key_id: file.keyId, purpose: file.purpose, filename: file.filename, bytes: file.content.length, content: file.content })
    .returning(['id', 'key_id', 'purpose', 'filename', 'bytes', 'created_at']);
  return row as FileRow;
}
