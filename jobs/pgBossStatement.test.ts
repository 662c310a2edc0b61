// pgBossStatement relies on pg-boss's insert and complete each asking its `db`
// for exactly one statement and passing that statement's error on as their
// own; and the statement must do, run in our transaction, what pg-boss's own
// call does. If a pg-boss release changes any of that, these fail.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PipelinedConnection } from '../db/pipeline.ts';
import { databaseUrl, testDb } from '../test/support.ts';
import { pgBossStatement } from './pgBossStatement.ts';

const QUEUE = 'pg-boss-statement-test';
let db: Knex;
let boss: PgBoss;
let conn: PipelinedConnection;

beforeAll(async () => {
  db = await testDb();
  boss = new PgBoss({ connectionString: await databaseUrl(), schema: 'pgboss', max: 2, supervise: false, schedule: false });
  await boss.start();
  await boss.createQueue(QUEUE, { retryLimit: 3 });
  conn = new PipelinedConnection(await databaseUrl());
});

afterAll(async () => {
  await conn?.close();
  await boss?.stop({ graceful: false });
  await db?.destroy();
});

// A job's row without what differs between two jobs by nature (id, times).
const jobRow = async (id: string) => {
  const { rows } = await db.raw(`SELECT * FROM pgboss.job WHERE id = ?`, [id]);
  const { id: _id, created_on, start_after, started_on, completed_on, keep_until, heartbeat_on, singleton_on, ...rest } = rows[0] ?? {};
  return rows[0] ? rest : undefined;
};

const job = (id: string) => ({ id, data: { taskId: id }, group: { id: 'openai', tier: 'openai' }, retryLimit: 0 });

it("inserts the job pg-boss's own insert would, only when our transaction runs it", async () => {
  const [ours, theirs] = [randomUUID(), randomUUID()];
  const statement = await pgBossStatement((adapter) => boss.insert(QUEUE, [job(ours)], { db: adapter }));
  // Taken, not run.
  expect(await jobRow(ours)).toBeUndefined();
  await conn.transaction([statement]);
  await boss.insert(QUEUE, [job(theirs)]);
  const row = await jobRow(ours);
  expect(row).toMatchObject({ name: QUEUE, state: 'created', group_id: 'openai', group_tier: 'openai', retry_limit: 0, data: { taskId: ours } });
  expect({ ...row, data: null }).toEqual({ ...(await jobRow(theirs)), data: null });
});

it("completes jobs as pg-boss's own complete does", async () => {
  const [ours, theirs] = [randomUUID(), randomUUID()];
  await db.raw(`DELETE FROM pgboss.job WHERE name = ?`, [QUEUE]);
  await boss.insert(QUEUE, [job(ours), job(theirs)]);
  const fetched = await boss.fetch(QUEUE, { batchSize: 2 });
  expect(fetched.map((j) => j.id).sort()).toEqual([ours, theirs].sort());
  const statement = await pgBossStatement((adapter) => boss.complete(QUEUE, [ours], undefined, { db: adapter }));
  expect((await jobRow(ours))!.state).toBe('active');
  await conn.transaction([statement]);
  await boss.complete(QUEUE, [theirs]);
  expect(await jobRow(ours)).toEqual({ ...(await jobRow(theirs)), data: { taskId: ours } });
  expect((await jobRow(ours))!.state).toBe('completed');
});

it("passes on pg-boss's own errors, and refuses a call that asks for no statement or for two", async () => {
  await expect(pgBossStatement((adapter) => boss.insert('no-such-queue', [job(randomUUID())], { db: adapter }))).rejects.toThrow(/no-such-queue/);
  await expect(pgBossStatement(async () => {})).rejects.toThrow(/no statement/);
  await expect(
    pgBossStatement(async (adapter) => {
      await adapter.executeSql('SELECT 1').catch(() => {});
      await adapter.executeSql('SELECT 2');
    }),
  ).rejects.toThrow(/more than one statement/);
});
