import type { Knex } from 'knex';
import { storableJson } from '../jsonText.ts';

export interface StoredResponse {
  id: string;
  keyId: string;
  conversation: unknown;
  response: unknown;
  ttlSeconds: number;
}

/**
 * Several stored responses in one INSERT (core/storedResponses.ts group-commits them).
 * /v1 forwards text as it is, so a conversation may hold NUL or a lone surrogate that
 * jsonb refuses: stored as U+FFFD like every other JSON the service writes (db/jsonText.ts).
 */
export async function insertResponses(db: Knex, rows: StoredResponse[]): Promise<void> {
  await db('gateway_responses').insert(
    rows.map((r) => ({
      id: r.id,
      key_id: r.keyId,
      conversation: storableJson(r.conversation),
      response: storableJson(r.response),
      expires_at: db.raw(`now() + make_interval(secs => ?)`, [r.ttlSeconds]),
    })),
  );
}
