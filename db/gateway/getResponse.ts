import type { Knex } from 'knex';

export interface ResponseRow {
  id: string;
  conversation: unknown[];
  response: Record<string, unknown>;
}

/** A live stored response as its key sees it; another key's, or an expired one, is indistinguishable from a missing one. */
export async function getResponse(db: Knex, id: string, keyId: string): Promise<ResponseRow | undefined> {
  return db('gateway_responses')
    .select('id', 'conversation', 'response')
    .where({ id, key_id: keyId })
    .andWhere('expires_at', '>', db.fn.now())
    .first();
}
