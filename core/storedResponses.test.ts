import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createGatewayKey, testDb } from '../test/support.ts';
import { storeResponse } from './storedResponses.ts';

let db: Knex;
beforeAll(async () => {
  db = await testDb();
});
afterAll(() => db?.destroy());

it('a row the database refuses fails only its own store, never the others that shared its INSERT', async () => {
  const { id: keyId } = await createGatewayKey(db);
  const env = {};
  const turn = (text: string) => [{ role: 'user' as const, content: text }];
  await storeResponse(db, env, { id: 'resp_taken', keyId, conversation: turn('first'), response: { text: 'first' } });
  // Added in one turn of the event loop: one INSERT, which the duplicate id makes the database refuse.
  const outcomes = await Promise.allSettled([
    storeResponse(db, env, { id: 'resp_before', keyId, conversation: turn('before'), response: { text: 'before \u0000' } }),
    storeResponse(db, env, { id: 'resp_taken', keyId, conversation: turn('again'), response: { text: 'again' } }),
    storeResponse(db, env, { id: 'resp_after', keyId, conversation: turn('after \ud800'), response: { text: 'after' } }),
  ]);
  expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  const rows = await db('gateway_responses').whereIn('id', ['resp_before', 'resp_taken', 'resp_after']).orderBy('id').select('id', 'conversation', 'response');
  expect(rows).toEqual([
    { id: 'resp_after', conversation: [{ role: 'user', content: 'after \ufffd' }], response: { text: 'after' } },
    { id: 'resp_before', conversation: [{ role: 'user', content: 'before' }], response: { text: 'before \ufffd' } },
    // The first one, untouched by the refused second.
    { id: 'resp_taken', conversation: [{ role: 'user', content: 'first' }], response: { text: 'first' } },
  ]);
});
