// The monthly and daily usage histories are ordered as the spec says: oldest
// first, then by provider id.
import type { Knex } from 'knex';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getDailyUsage } from './getDailyUsage.ts';
import { getMonthlyUsage } from './getMonthlyUsage.ts';
import { createGatewayKey, testDb } from '../../test/support.ts';

let db: Knex;
let keyId: string;

beforeAll(async () => {
  db = await testDb();
  keyId = (await createGatewayKey(db, 'history')).id;
  const row = (provider: string, createdAt: string) => ({
    key_id: keyId, kind: 'completion', surface: 'v1', provider, model: 'm', input_tokens: 1, output_tokens: 1,
    total_tokens: 2, cached_tokens: 0, cache_creation_tokens: 0, cost: 0.001, billing: 'metered', cached: false, created_at: createdAt,
  });
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString();
  // Inserted newest first, so an unordered answer would not pass by accident.
  await db('gateway_usage').insert([row('openai', day(0)), row('anthropic', day(0)), row('openai', day(3)), row('openai', day(70))]);
});

afterAll(async () => {
  await db?.destroy();
});

it('lists days oldest first, then by provider', async () => {
  const daily = await getDailyUsage(db, keyId);
  const keys = daily.map((d: any) => `${d.date} ${d.provider}`);
  expect(keys).toHaveLength(3);
  expect(keys).toEqual([...keys].sort());
  expect(daily.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
  expect(daily.slice(-2).map((d: any) => d.provider)).toEqual(['anthropic', 'openai']);
});

it('lists months oldest first, then by provider', async () => {
  const monthly = await getMonthlyUsage(db, keyId);
  const keys = monthly.map((m: any) => `${m.year}-${String(m.month).padStart(2, '0')} ${m.provider}`);
  expect(keys.length).toBeGreaterThanOrEqual(3);
  expect(keys).toEqual([...keys].sort());
  expect(monthly.reduce((n: number, m: any) => n + m.totalRequests, 0)).toBe(4);
});
