// The embedded PostgreSQL's postmaster killed (what the kernel's OOM killer
// does) under a trickle of queued submits: the process using the cluster
// starts it again by itself over the stale postmaster.pid, readiness answers
// 503 while the database is unreachable and 200 once it is back, submits are
// accepted again without anyone stepping in, and every submit that was
// acknowledged ends with its usage row. Liveness answers 200 throughout.
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import type { Knex } from 'knex';
import { createDb, migrate } from '../db/knex.ts';
import { sharedEmbeddedPostgres, type Database } from '../server/database.ts';
import { startService, type RunningService } from '../server/service.ts';
import { startFake } from '../providers/openai/fake.ts';
import type { Fake } from '../providers/testing/fake.ts';
import { createGatewayKey } from './support.ts';

let dir: string;
let cluster: Database;
let db: Knex;
let service: RunningService;
let fake: Fake;
let key: string;
let keyId: string;
const restarts: string[] = [];

beforeAll(async () => {
  fake = await startFake();
  dir = await mkdtemp(path.join(os.tmpdir(), 'switchyard-postmaster-'));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the directory.
  await chmod(dir, 0o755);
  cluster = await sharedEmbeddedPostgres({
    dir: path.join(dir, 'data'),
    database: 'postmaster',
    supervise: { checkMs: 100, maxBackoffMs: 400 },
    log: (msg) => restarts.push(msg),
  });
  db = createDb(cluster.url, { max: 6 });
  await migrate(db);
  process.env.OPENAI_BASE_URL = fake.url;
  process.env.OPENAI_API_KEY = 'sk-fake';
  service = await startService({
    db,
    databaseUrl: cluster.url,
    services: ['gateway'],
    gatewayPort: 0,
    analyticsPort: 0,
    host: '127.0.0.1',
    env: { ...process.env, GATEWAY_SUPERVISE_SECONDS: '1', LOG_LEVEL: 'silent' },
    log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  });
  ({ key, id: keyId } = await createGatewayKey(db, 'postmaster'));
}, 60_000);

afterAll(async () => {
  await service?.stop(1_000);
  await db?.destroy();
  await cluster?.stop();
  await fake?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const get = (p: string) => fetch(`${service.gatewayUrl}${p}`, { headers: { authorization: `Bearer ${key}` } });
const post = (p: string, body: unknown) =>
  fetch(`${service.gatewayUrl}${p}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

it('restarts a killed postmaster by itself; readiness 503 meanwhile, then 200; no acknowledged submit lost', async () => {
  expect((await get('/api/llm/ready')).status).toBe(200);
  const acknowledged: string[] = [];
  const refused: number[] = [];
  let submitting = true;
  const trickle = (async () => {
    for (let i = 0; submitting; i++) {
      const res = await post('/api/llm/complete', { provider: 'openai', messages: [{ role: 'user', content: `task ${i}` }] });
      const body = (await res.json()) as { data?: { queueId: string }; code?: string };
      if (res.status === 200) acknowledged.push(body.data!.queueId);
      else {
        // Never a 500, never a bad key: the outage is said as such.
        expect(res.status).toBe(503);
        expect(body.code).toBe('database_unavailable');
        refused.push(i);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  // However the test ends, no submit is left running against the service afterAll stops.
  try {
    await expect.poll(() => acknowledged.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);

    const postmaster = Number((await readFile(path.join(dir, 'data', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    process.kill(postmaster, 'SIGKILL');
    const statuses: number[] = [];
    const ready = async () => {
      const res = await fetch(`${service.gatewayUrl}/api/llm/ready`);
      statuses.push(res.status);
      if (res.status === 503) expect(((await res.json()) as { code: string }).code).toBe('unavailable');
      return res.status;
    };
    await expect.poll(ready, { timeout: 10_000, interval: 20 }).toBe(503);
    // Liveness is not readiness: the process is alive.
    expect((await fetch(`${service.gatewayUrl}/api/llm/health`)).status).toBe(200);
    await expect.poll(ready, { timeout: 30_000, interval: 50 }).toBe(200);
    // The supervisor says so once its start has returned, which is after the database already answers.
    await expect.poll(() => restarts.some((m) => /started it again/.test(m)), { timeout: 10_000 }).toBe(true);
    const newPostmaster = Number((await readFile(path.join(dir, 'data', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    expect(newPostmaster).not.toBe(postmaster);

    // Submits are accepted again without anyone stepping in.
    const before = acknowledged.length;
    await expect.poll(() => acknowledged.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(before + 5);
    submitting = false;
    await trickle;

    const status = async (id: string) => ((await (await post('/api/llm/queue/status', { queueId: id })).json()) as { data: { status: string } }).data.status;
    for (const id of acknowledged) await expect.poll(() => status(id), { timeout: 40_000, interval: 100 }).toBe('completed');
    await expect
      .poll(async () => Number((await db('gateway_usage').where({ key_id: keyId }).count({ n: '*' }))[0]!.n), { timeout: 20_000, interval: 200 })
      .toBe(acknowledged.length);
  } finally {
    submitting = false;
    await trickle.catch(() => {});
  }
}, 120_000);
