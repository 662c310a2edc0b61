import type { Knex } from 'knex';

export interface StoredResponse {
  id: string;
  keyId: string;
  conversation: unknown;
  response: unknown;
  ttlSeconds: number;
}

/** Several stored responses in one INSERT (core/storedResponses.ts group-commits them). */
export async function insertResponses(db: Knex, rows: StoredResponse[]): Promise<void> {
  await db('gateway_responses').insert(
    rows.map((r) => ({
      id: r.id,
      key_id: r.keyId,
      conversation: JSON.stringify(r.conversation),
      response: JSON.stringify(r.response),
      expires_at: db.raw(`now() + make_interval(secs => ?)`, [r.ttlSeconds]),
    })),
  );
}
