import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { PipelinedConnection } from './pipeline.ts';
import { databaseUrl, testDb } from '../test/support.ts';

let db: Knex;
let conn: PipelinedConnection;

beforeAll(async () => {
  db = await testDb();
  await db.raw('CREATE TABLE pipeline_probe (n int PRIMARY KEY)');
  conn = new PipelinedConnection(await databaseUrl());
});

afterAll(async () => {
  await conn?.close();
  await db?.destroy();
});

const insert = (n: number) => ({ text: 'INSERT INTO pipeline_probe (n) VALUES ($1) RETURNING n', values: [n] });

it('commits every statement and answers each in order', async () => {
  const results = await conn.transaction([insert(1), insert(2), { text: 'SELECT count(*)::int AS c FROM pipeline_probe' }]);
  expect(results.map((r) => r.rows[0])).toEqual([{ n: 1 }, { n: 2 }, { c: 2 }]);
  expect((await db('pipeline_probe').orderBy('n')).map((r) => r.n)).toEqual([1, 2]);
});

it('leaves the rows of an unread statement as raw text, the same statement read still parsed', async () => {
  const ids = { text: 'SELECT ARRAY[$1::uuid, $1::uuid] AS ids, 7::int AS n', values: ['00000000-0000-4000-8000-000000000001'] };
  const [unread, read] = await conn.transaction([{ ...ids, unread: true }, ids]);
  expect(unread!.rows).toEqual([['{00000000-0000-4000-8000-000000000001,00000000-0000-4000-8000-000000000001}', '7']]);
  expect(read!.rows).toEqual([{ ids: ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000001'], n: 7 }]);
});

it('writes nothing when a statement fails, reports that error, and keeps working', async () => {
  // The second insert breaks the primary key; the third would succeed on its own.
  await expect(conn.transaction([insert(3), insert(1), insert(4)])).rejects.toThrow(/duplicate key/);
  expect((await db('pipeline_probe').orderBy('n')).map((r) => r.n)).toEqual([1, 2]);
  await conn.transaction([insert(5)]);
  expect((await db('pipeline_probe').orderBy('n')).map((r) => r.n)).toEqual([1, 2, 5]);
});

it('reconnects after its connection is killed', async () => {
  const [{ rows }] = await conn.transaction([{ text: 'SELECT pg_backend_pid() AS pid' }]);
  await db.raw('SELECT pg_terminate_backend(?)', [rows[0].pid]);
  // The first attempt may meet the dead socket; the next one gets a new connection.
  await conn.transaction([insert(6)]).catch(() => {});
  await conn.transaction([insert(7)]);
  expect((await db('pipeline_probe').whereIn('n', [7]).count({ c: '*' }))[0]!.c).toBe('1');
});

it('runs transactions one after another, never interleaved', async () => {
  const results = await Promise.all([10, 20, 30].map((n) => conn.transaction([insert(n), insert(n + 1), { text: 'SELECT count(*)::int AS c FROM pipeline_probe WHERE n BETWEEN $1 AND $2', values: [n, n + 1] }])));
  expect(results.map((r) => r[2]!.rows[0].c)).toEqual([2, 2, 2]);
});
