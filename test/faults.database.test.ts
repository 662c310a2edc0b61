// PostgreSQL restarted under load, against a cluster of this test's own (the
// suite's shared one is never touched). While it is down, every surface answers
// 503 database_unavailable (never 401 or 403: an outage must not look like a
// bad key); /v1 calls with a cached key keep answering; after it is back the
// services reconnect by themselves, and nothing accepted is lost: every queued
// task ends, every /v1 call and task has its usage row, every analytics event
// answered 202 is written. Waits are for events (a status change, a row
// count), never fixed sleeps; deadlines only bound a hang.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
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
let gwKey: string;
let gwKeyId: string;

// The cluster keeps its port in its directory, so a restart comes back where the service expects it.
const cluster$ = () => sharedEmbeddedPostgres({ dir: path.join(dir, 'data'), database: 'faults' });
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

beforeAll(async () => {
  fake = await startFake();
  dir = await mkdtemp(path.join(os.tmpdir(), 'switchyard-faults-'));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the directory.
  await chmod(dir, 0o755);
  cluster = await cluster$();
  db = createDb(cluster.url, { max: 6 });
  await migrate(db);
  process.env.OPENAI_BASE_URL = fake.url;
  process.env.OPENAI_API_KEY = 'sk-fake';
  service = await startService({
    db,
    databaseUrl: cluster.url,
    services: ['gateway', 'analytics'],
    gatewayPort: 0,
    analyticsPort: 0,
    host: '127.0.0.1',
    env: { ...process.env, ANALYTICS_INVITE_CODES: 'faults-invite', GATEWAY_SUPERVISE_SECONDS: '1', LOG_LEVEL: 'silent' },
    log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  });
  ({ key: gwKey, id: gwKeyId } = await createGatewayKey(db, 'faults'));
}, 60_000);

afterAll(async () => {
  await service?.stop(1_000);
  await db?.destroy();
  await cluster?.stop();
  await fake?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const gw = (p: string, body?: unknown) =>
  fetch(`${service.gatewayUrl}${p}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${gwKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

it('survives a PostgreSQL restart: 503s during the outage, reconnects, loses no task, usage row or accepted event', async () => {
  // An analytics project and its live key.
  const created = await fetch(`${service.analyticsUrl}/v1/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ inviteCode: 'faults-invite', name: 'Faults', domains: ['example.com'] }),
  });
  expect(created.status).toBe(201);
  const { apiKey, project } = (await created.json()) as { apiKey: string; project: { id: string } };
  const collect = () =>
    fetch(`${service.analyticsUrl}/v1/collect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': UA },
      body: JSON.stringify({ projectId: project.id, type: 'pageview', url: 'https://example.com/' }),
    });
  let accepted = 0;
  const send = async () => {
    const res = await collect();
    if (res.status === 202) accepted++;
    else expect(res.status).toBe(503);
    return res.status;
  };
  expect(await send()).toBe(202);

  // Tasks in flight when the database goes: the provider answers them while it is down.
  fake.script(...Array.from({ length: 4 }, () => ({ text: 'slow answer', delayMs: 1_500 })));
  const queued: string[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await gw('/api/llm/complete', { provider: 'openai', messages: [{ role: 'user', content: `task ${i}` }] });
    expect(res.status).toBe(200);
    queued.push(((await res.json()) as { data: { queueId: string } }).data.queueId);
  }
  const v1 = (content: string) => gw('/v1/chat/completions', { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content }] });
  const fresh = await createGatewayKey(db, 'never used before the outage');
  await expect.poll(() => fake.requests.length, { timeout: 20_000 }).toBe(4);
  expect((await v1('before')).status).toBe(200);

  await cluster.stop();

  // During the outage: clear 503s on every surface, a valid key that is not cached included.
  const uncached = await fetch(`${service.gatewayUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fresh.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] }),
  });
  expect(uncached.status).toBe(503);
  expect(((await uncached.json()) as { error: { code: string } }).error.code).toBe('database_unavailable');
  const usage = await gw('/api/llm/usage');
  expect(usage.status).toBe(503);
  expect(((await usage.json()) as { code: string }).code).toBe('database_unavailable');
  const stranger = await fetch(`${service.gatewayUrl}/api/llm/usage`, { headers: { authorization: `Bearer gw_live_${'x'.repeat(48)}` } });
  expect(stranger.status).toBe(503);
  const stats = await fetch(`${service.analyticsUrl}/v1/stats/realtime`, { headers: { authorization: `Bearer ${apiKey}` } });
  expect(stats.status).toBe(503);
  const invite = await fetch(`${service.analyticsUrl}/v1/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ inviteCode: 'faults-invite', name: 'During', domains: ['example.org'] }),
  });
  expect(invite.status).toBe(503);
  // Ingest: 202 while the project's policy is known in memory (the events wait), else 503; never a 500.
  for (let i = 0; i < 5; i++) await send();
  // A /v1 call with a cached key still answers; its usage row waits for the database.
  expect((await v1('during')).status).toBe(200);

  // The in-flight tasks' answers arrive while the database is down (1.5 s after their requests).
  await new Promise((r) => setTimeout(r, 1_600));
  cluster = await cluster$();

  // Back by itself: the same process answers again.
  await expect.poll(async () => (await gw('/api/llm/usage')).status, { timeout: 30_000, interval: 200 }).toBe(200);
  for (let i = 0; i < 3; i++) expect(await send()).toBe(202);
  expect((await v1('after')).status).toBe(200);

  // Every accepted task ends: done, or failed with a reason; none stuck.
  const status = async (id: string) => ((await (await gw('/api/llm/queue/status', { queueId: id })).json()) as { data: { status: string } }).data.status;
  for (const id of queued) await expect.poll(() => status(id), { timeout: 40_000, interval: 250 }).toMatch(/^(completed|error)$/);

  // Every usage row: three /v1 calls plus each completed task.
  const completed = (await Promise.all(queued.map(status))).filter((s) => s === 'completed').length;
  await expect
    .poll(async () => Number((await db('gateway_usage').where({ key_id: gwKeyId }).count({ n: '*' }))[0]!.n), { timeout: 20_000, interval: 200 })
    .toBe(3 + completed);
  // Every event answered 202 is written.
  await expect
    .poll(async () => Number((await db('analytics_events').where({ project_id: project.id }).count({ n: '*' }))[0]!.n), { timeout: 20_000, interval: 200 })
    .toBe(accepted);
}, 120_000);
