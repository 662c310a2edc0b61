import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createDb } from './knex.ts';
import { Readiness } from './readiness.ts';
import { freePort } from '../server/database.ts';
import { testDb } from '../test/support.ts';

let db: Knex;
let unreachable: Knex;

beforeAll(async () => {
  db = await testDb();
  // Nothing listens there: every connection is refused.
  unreachable = createDb(`postgres://nobody:x@127.0.0.1:${await freePort()}/none`, { max: 2 });
});

afterAll(async () => {
  await db?.destroy();
  await unreachable?.destroy();
});

it('is not ready until warmed up, ready while the database answers, and not ready once draining', async () => {
  const r = new Readiness(db);
  expect(await r.notReady()).toBe('warming_up');
  r.warmedUp();
  expect(await r.notReady()).toBeUndefined();
  r.drain();
  expect(await r.notReady()).toBe('shutting_down');
});

it('is not ready while its database is unreachable', async () => {
  const r = new Readiness(unreachable, { timeoutMs: 5_000 });
  r.warmedUp();
  expect(await r.notReady()).toBe('database_unreachable');
});

it('shares one check among concurrent probes and reuses its answer for reuseMs', async () => {
  let now = 0;
  let queries = 0;
  const counted = (await testDb()).on('query', () => queries++);
  try {
    const r = new Readiness(counted, { reuseMs: 250, now: () => now });
    r.warmedUp();
    expect(await Promise.all(Array.from({ length: 20 }, () => r.notReady()))).toEqual(Array(20).fill(undefined));
    expect(queries).toBe(1);
    now += 249;
    await r.notReady();
    expect(queries).toBe(1);
    now += 1;
    await r.notReady();
    expect(queries).toBe(2);
  } finally {
    await counted.destroy();
  }
});
