// Usage rows are billing data: one record the database refuses must never take
// the rest of its batch with it, and what is refused is logged whole.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Knex } from 'knex';
import pino from 'pino';
import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { recordInBackground, UsageBatcher, usageBatcher } from './usageBatch.ts';
import type { UsageRecord } from '../db/gateway/insertUsage.ts';
import { testDb } from '../test/support.ts';

let db: Knex;
beforeAll(async () => {
  db = await testDb();
});
afterAll(() => db?.destroy());

function record(keyId: string, overrides: Partial<UsageRecord> = {}): UsageRecord {
  return {
    keyId,
    kind: 'completion',
    surface: 'chat.completions',
    provider: 'openai',
    model: 'gpt-4o-mini',
    inputTokens: 3,
    outputTokens: 5,
    totalTokens: 8,
    cachedTokens: 0,
    cacheCreationTokens: 0,
    cost: 0.001,
    billing: 'metered',
    cached: false,
    ...overrides,
  };
}

async function rowsOf(keyId: string) {
  return db('gateway_usage').where({ key_id: keyId }).orderBy('id').select('model', 'input_tokens', 'service');
}

it('writes every good record of a batch the database refuses, and fails only the bad one', async () => {
  const batcher = new UsageBatcher(db);
  const keyId = randomUUID();
  // Added in one turn of the event loop: one INSERT, which the out-of-range token count breaks.
  const outcomes = await Promise.allSettled([
    batcher.add(record(keyId, { model: 'first' })),
    batcher.add(record(keyId, { model: 'too-many-tokens', inputTokens: 2 ** 40 })),
    batcher.add(record(keyId, { model: 'third' })),
    batcher.add(record(keyId, { model: 'fourth' })),
  ]);
  expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
  expect((outcomes[1] as PromiseRejectedResult).reason.message).toMatch(/out of range/);
  expect((await rowsOf(keyId)).map((r) => r.model)).toEqual(['first', 'third', 'fourth']);
});

it('keeps a record whose text PostgreSQL cannot store, with U+FFFD in place of NUL', async () => {
  const keyId = randomUUID();
  await Promise.all([
    new UsageBatcher(db).add(record(keyId, { model: 'gpt\u00004o', service: 'bot\ud800' })),
    new UsageBatcher(db).add(record(keyId, { model: 'plain' })),
  ]);
  expect(await rowsOf(keyId)).toEqual([
    { model: 'gpt\ufffd4o', input_tokens: 3, service: 'bot\ufffd' },
    { model: 'plain', input_tokens: 3, service: null },
  ]);
});

it('logs a refused record whole, and the others of its batch are written', async () => {
  const lines: Array<Record<string, any>> = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const log = pino({ level: 'info' }, sink);
  const keyId = randomUUID();
  const bad = record(keyId, { model: 'refused', outputTokens: -1, totalTokens: 2 ** 33 });
  for (const r of [record(keyId, { model: 'a' }), bad, record(keyId, { model: 'b' })]) recordInBackground(db, log, r);
  await usageBatcher(db).flush();
  expect((await rowsOf(keyId)).map((r) => r.model)).toEqual(['a', 'b']);
  const refused = () => lines.filter((l) => l.msg === 'could not record usage');
  await expect.poll(() => refused().length).toBe(1);
  expect(refused()[0]!.usage).toEqual(bad);
});
