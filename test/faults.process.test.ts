// Two gateway processes on one PostgreSQL and one queue, one of them killed
// with SIGKILL mid-task: every task still ends (the killed process's tasks are
// run again by the other, since their provider never answered), none is stuck
// in processing, every completed task has its usage row, and the per-provider
// concurrency limit holds across both processes the whole time (the provider
// never sees more calls at once than the limit). Waits are for events (task
// states, requests arriving), never fixed sleeps.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFake } from '../providers/openai/fake.ts';
import type { Fake } from '../providers/testing/fake.ts';
import { createGatewayKey, databaseUrl, startTestService, type TestService } from './support.ts';
import { REPO_ROOT } from '../server/paths.ts';

const LIMIT = 2;
let fake: Fake;
let survivor: TestService;
let victim: ChildProcess;
let victimUrl: string;
let key: string;
let keyId: string;

const env = () => ({
  OPENAI_BASE_URL: fake.url,
  OPENAI_API_KEY: 'sk-test',
  GATEWAY_SUPERVISE_SECONDS: '1',
  PROVIDER_CONCURRENCY_OPENAI: String(LIMIT),
});

beforeAll(async () => {
  fake = await startFake();
  survivor = await startTestService(['gateway'], env());
  ({ key, id: keyId } = await createGatewayKey(survivor.db, 'two processes'));
  victim = spawn(process.execPath, [path.join(REPO_ROOT, 'test/workerProcess.ts')], {
    env: { ...process.env, ...env(), DATABASE_URL: await databaseUrl() },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(victim.stdout!, 'data')) as [Buffer];
  victimUrl = /ready (\S+)/.exec(line.toString())![1]!;
}, 60_000);

afterAll(async () => {
  victim?.kill('SIGKILL');
  await survivor?.close();
  await fake?.close();
});

async function call(base: string, pathName: string, body: unknown) {
  const res = await fetch(`${base}${pathName}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const statusOf = async (queueId: string) => (await call(survivor.gatewayUrl!, '/api/llm/queue/status', { queueId })).body.data.status as string;

it('a process killed mid-task: every task ends, none stuck, the provider limit holds across both processes', async () => {
  // The first two calls never answer, so their process is surely mid-call when it dies; the rest take a while.
  fake.script({ hang: true }, { hang: true }, ...Array.from({ length: 10 }, (_, i) => ({ text: `answer ${i}`, delayMs: 500 })));
  const submit = async (base: string, i: number) => {
    const res = await call(base, '/api/llm/complete', { provider: 'openai', messages: [{ role: 'user', content: `task ${i}` }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.queueId as string;
  };
  // The process a task is submitted to claims it at once when a slot is free: the first two run in the victim.
  const tasks = [await submit(victimUrl, 0), await submit(victimUrl, 1)];
  await expect.poll(() => fake.requests.length, { timeout: 20_000, interval: 50 }).toBe(LIMIT);
  // The rest wait in the queue behind the global limit, whichever process they came in through.
  for (let i = 2; i < 6; i++) tasks.push(await submit(i % 2 ? victimUrl : survivor.gatewayUrl!, i));
  expect(fake.inFlight().now).toBeLessThanOrEqual(LIMIT);

  victim.kill('SIGKILL');
  await once(victim, 'exit');
  // The provider sees the killed process's calls go away.
  await expect.poll(() => fake.requests.slice(0, 2).every((r) => r.aborted), { timeout: 10_000 }).toBe(true);

  // The survivor runs everything, the killed process's tasks again, and nothing is left behind.
  for (const id of tasks) await expect.poll(() => statusOf(id), { timeout: 45_000, interval: 250 }).toBe('completed');
  expect(fake.inFlight().peak).toBeLessThanOrEqual(LIMIT);
  const rows = await survivor.db('gateway_usage').where({ key_id: keyId }).select('task_id');
  expect(rows.map((r) => r.task_id).sort()).toEqual([...tasks].sort());
  const stuck = await survivor.db('gateway_tasks').whereIn('id', tasks).whereNot({ status: 'completed' }).count({ n: '*' });
  expect(Number(stuck[0]!.n)).toBe(0);
}, 90_000);
