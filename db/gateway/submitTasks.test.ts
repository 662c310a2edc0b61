// The claim at submit, rule by rule, against pg-boss's real tables.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { PipelinedConnection } from '../pipeline.ts';
import { submitTasks, type NewTask } from './submitTasks.ts';
import { pgBossStatement } from '../../jobs/pgBossStatement.ts';
import { createGatewayKey, databaseUrl, testDb } from '../../test/support.ts';

const QUEUE = 'gateway-tasks';
let db: Knex;
let boss: PgBoss;
let conn: PipelinedConnection;
let keyId: string;

beforeAll(async () => {
  db = await testDb();
  boss = new PgBoss({ connectionString: await databaseUrl(), schema: 'pgboss', max: 2, supervise: false, schedule: false });
  await boss.start();
  await boss.createQueue(QUEUE);
  conn = new PipelinedConnection(await databaseUrl());
  keyId = (await createGatewayKey(db)).id;
});

afterAll(async () => {
  await conn?.close();
  await boss?.stop({ graceful: false });
  await db?.destroy();
});

beforeEach(async () => {
  await db.raw(`DELETE FROM pgboss.job WHERE name = ?`, [QUEUE]);
  await db('gateway_tasks').delete();
});

const task = (provider = 'openai'): NewTask => ({ id: randomUUID(), keyId, kind: 'completion', provider, stream: false, request: { n: 1 } });

async function submit(tasks: NewTask[], room: number, limits: Record<string, number>) {
  const jobInsert = await pgBossStatement((adapter) =>
    boss.insert(QUEUE, tasks.map((t) => ({ id: t.id, data: { taskId: t.id }, group: { id: t.provider, tier: t.provider } })), { db: adapter }),
  );
  return submitTasks(conn, { queue: QUEUE, tasks, jobInsert, claim: { room, limits } });
}

const jobStates = async (ids: string[]) =>
  Object.fromEntries((await db.raw(`SELECT id, state FROM pgboss.job WHERE id = ANY(?::uuid[])`, [ids])).rows.map((r: any) => [r.id, r.state]));

it('starts a task and activates its job when the provider has a free slot', async () => {
  const t = task();
  const [row] = await submit([t], 1, { openai: 2 });
  expect(row).toMatchObject({ id: t.id, status: 'processing', attempts: 1 });
  expect(row!.started_at).toEqual(row!.created_at);
  expect(await jobStates([t.id])).toEqual({ [t.id]: 'active' });
});

it('claims no more than the process has room for, in submit order, and leaves the rest waiting', async () => {
  const tasks = [task(), task(), task()];
  const rows = await submit(tasks, 2, { openai: 10 });
  expect(rows.map((r) => r.status)).toEqual(['processing', 'processing', 'queued']);
  expect(Object.values(await jobStates(tasks.map((t) => t.id))).sort()).toEqual(['active', 'active', 'created']);
});

it('claims nothing for a provider at its limit, across every process, but still for another provider', async () => {
  await submit([task(), task()], 2, { openai: 2 });
  const [full, other] = await submit([task('openai'), task('anthropic')], 5, { openai: 2, anthropic: 2 });
  expect(full!.status).toBe('queued');
  expect(other!.status).toBe('processing');
});

it('never lets a new task overtake one already waiting for the same provider', async () => {
  // The limit was reached, so this one waits ...
  await submit([task()], 1, { openai: 1 });
  const [waiting] = await submit([task()], 1, { openai: 1 });
  expect(waiting!.status).toBe('queued');
  // ... and even when the slot frees and the limit allows, a newcomer does not jump ahead of it.
  await db.raw(`UPDATE pgboss.job SET state = 'completed' WHERE name = ? AND state = 'active'`, [QUEUE]);
  const [late] = await submit([task()], 1, { openai: 1 });
  expect(late!.status).toBe('queued');
});

it('claims nothing without room, and writes nothing at all when a statement fails', async () => {
  const [row] = await submit([task()], 0, { openai: 5 });
  expect(row!.status).toBe('queued');
  const bad = { ...task(), keyId: randomUUID() }; // no such key: the task insert breaks its foreign key
  await expect(submit([bad], 1, { openai: 5 })).rejects.toThrow(/foreign key/);
  expect(await jobStates([bad.id])).toEqual({});
  expect(await db('gateway_tasks').where({ id: bad.id }).first()).toBeUndefined();
});

it('answers each row as a read of it would, though only the claim\'s columns come back', async () => {
  const claimed = { ...task(), model: 'gpt-4o-mini', service: 'svc', tag: 't', providerKey: 'sk-own', providerKeySealed: Buffer.from('sealed by the queue'), request: { b: [1, 'x'], a: { z: null, y: undefined }, nul: 'a\u0000b' } };
  const waiting = task('anthropic');
  const rows = await submit([claimed, waiting], 1, { openai: 5, anthropic: 5 });
  expect(rows.map((r) => r.status)).toEqual(['processing', 'queued']);
  const stored = await db('gateway_tasks').whereIn('id', [claimed.id, waiting.id]);
  // The opened key stays in memory only: the database has the sealed copy.
  expect(rows[0]!.providerKey).toBe('sk-own');
  for (const { providerKey: _, ...row } of rows) expect(row).toEqual(stored.find((s) => s.id === row.id));
  // As stored: no undefined, and the NUL PostgreSQL refuses replaced as every JSON write replaces it.
  expect(rows[0]!.request).toEqual({ a: { z: null }, b: [1, 'x'], nul: 'a\ufffdb' });
});
