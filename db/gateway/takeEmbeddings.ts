import type { Knex } from 'knex';

// The row is locked and its vectors removed in one statement, so of two reads
// at once exactly one gets them (the other re-checks the condition
// on the updated row and finds nothing).
const TAKE = `
WITH taken AS (
  SELECT id, result FROM gateway_tasks
   WHERE id = ? AND key_id = ? AND kind = 'embeddings' AND status = 'completed' AND result -> 'embeddings' IS NOT NULL
     FOR UPDATE)
UPDATE gateway_tasks t SET result = t.result - 'embeddings'
  FROM taken WHERE t.id = taken.id
RETURNING taken.result`;

/** A completed embeddings task's result, vectors included, erasing the vectors from the row; undefined once taken. */
export async function takeEmbeddings(db: Knex, id: string, keyId: string): Promise<unknown | undefined> {
  const { rows } = await db.raw(TAKE, [id, keyId]);
  return rows[0]?.result;
}
