import type { Knex } from 'knex';

export interface StoredResponse {
  id: string;
  keyId: string;
  conversation: unknown;
  response: unknown;
  ttlSeconds: number;
}

export async function insertResponse(db: Knex, r: StoredResponse): Promise<void> {
  await db('gateway_responses').insert({
    id: r.id,
    key_id: r.keyId,
    conversation: JSON.stringify(r.conversation),
    response: JSON.stringify(r.response),
    expires_at: db.raw(`now() + make_interval(secs => ?)`, [r.ttlSeconds]),
  });
}
