import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { testDb } from '../test/support.ts';
import { knownPolicy, projectPolicy } from './policies.ts';

describe('project policies for ingest', () => {
  let db: Knex;
  beforeAll(async () => {
    db = await testDb();
  });
  afterAll(async () => db?.destroy());

  it('are known synchronously only once fetched; an unknown project is known as null', async () => {
    const domain = `policy-${randomUUID()}.test`;
    const [{ id }] = await db('analytics_projects').insert({ name: 'policy', domains: [domain], daily_event_cap: 42 }).returning('id');
    expect(knownPolicy(id)).toBeUndefined();
    const fetched = await projectPolicy(db, id);
    expect(fetched).toEqual({ domains: [domain], allowLocalOrigins: false, dailyEventCap: 42 });
    expect(knownPolicy(id)).toEqual(fetched);
    const missing = randomUUID();
    expect(await projectPolicy(db, missing)).toBeNull();
    expect(knownPolicy(missing)).toBeNull();
  });
});
