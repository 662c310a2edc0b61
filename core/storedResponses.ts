// Stored /v1/responses answers: what previous_response_id continues and GET
// /v1/responses/{id} reads back. A response is written before the client has
// it (the body, or the stream's response.completed), so whatever the client
// received can be continued at once, from any gateway process.
import type { Knex } from 'knex';
import type { Message } from '../protocols/canonical.ts';
import { ApiError } from '../protocols/errors.ts';
import { getResponse } from '../db/gateway/getResponse.ts';
import { insertResponses, type StoredResponse } from '../db/gateway/insertResponses.ts';
import { GroupCommit, writeBatchOrEach } from '../db/groupCommit.ts';

export const DEFAULT_RETENTION_DAYS = 30;

/** RESPONSES_RETENTION_DAYS (default 30), in seconds. */
export function retentionSeconds(env: NodeJS.ProcessEnv): number {
  const days = Number(env.RESPONSES_RETENTION_DAYS);
  return (Number.isFinite(days) && days > 0 ? days : DEFAULT_RETENTION_DAYS) * 86_400;
}

/** The conversation a stored response ended, for the next turn; another key's response is a missing one. */
export async function conversationOf(db: Knex, id: string, keyId: string): Promise<Message[]> {
  const row = await getResponse(db, id, keyId);
  if (!row) {
    throw new ApiError('not_found', `Previous response with id '${id}' not found.`, { code: 'previous_response_not_found', param: 'previous_response_id' });
  }
  return row.conversation as Message[];
}

// Responses finishing while a write is in flight share the next INSERT, so a
// busy gateway spends one statement per batch; each call still waits for its own row,
// and a row the database refuses fails only its own request, never its neighbours'.
const writers = new WeakMap<Knex, GroupCommit<StoredResponse, unknown>>();

export async function storeResponse(
  db: Knex,
  env: NodeJS.ProcessEnv,
  r: { id: string; keyId: string; conversation: Message[]; response: unknown },
): Promise<void> {
  let writer = writers.get(db);
  if (!writer) {
    writer = new GroupCommit<StoredResponse, unknown>((rows) => writeBatchOrEach(rows, (some) => insertResponses(db, some)));
    writers.set(db, writer);
  }
  const refused = await writer.add({ ...r, ttlSeconds: retentionSeconds(env) });
  if (refused) throw refused;
}
