// A worker process killed mid-task never leaves its task stuck in processing:
// pg-boss's supervisor notices the missed heartbeats; a plain task is run
// again by another worker, a streamed one (which cannot be replayed) ends in error.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFake } from '../providers/openai/fake.ts';
import type { Fake } from '../providers/testing/fake.ts';
import { createGatewayKey, databaseUrl, startTestService, type TestService } from '../test/support.ts';
import { REPO_ROOT } from '../server/paths.ts';

let fake: Fake;
let api: TestService;
let rescuer: TestService | undefined;
let worker: ChildProcess;
let key: string;

const env = () => ({ OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-test', GATEWAY_SUPERVISE_SECONDS: '1', GATEWAY_WORKERS: '1' });

async function call(pathName: string, body: unknown, service = api) {
  const res = await fetch(`${service.gatewayUrl}${pathName}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function statusOf(queueId: string) {
  return (await call('/api/llm/queue/status', { queueId })).body.data.status as string;
}

beforeAll(async () => {
  fake = await startFake();
  // This process only accepts tasks; the child process is the only worker until it dies.
  api = await startTestService(['gateway'], { ...env(), GATEWAY_WORKERS: '0' });
  key = (await createGatewayKey(api.db)).key;
  worker = spawn(process.execPath, [path.join(REPO_ROOT, 'test/workerProcess.ts')], {
    env: { ...process.env, ...env(), DATABASE_URL: await databaseUrl() },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(worker.stdout!, 'data')) as [Buffer];
  expect(line.toString()).toContain('ready');
});

afterAll(async () => {
  worker?.kill('SIGKILL');
  await rescuer?.close();
  await api?.close();
  await fake?.close();
});

it('retries a plain task and fails a streamed one after their worker is killed', async () => {
  // Both upstream calls hang, so the worker is mid-task when it dies.
  fake.script({ hang: true }, { hang: true });
  const submitted = await call('/api/llm/complete', { provider: 'openai', messages: [{ role: 'user', content: 'plain' }] });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const plain = submitted.body.data.queueId;
  const streamed = (await call('/api/llm/complete', { provider: 'openai', stream: true, messages: [{ role: 'user', content: 'streamed' }] })).body.data
    .queueId;
  await expect.poll(async () => [await statusOf(plain), await statusOf(streamed)], { timeout: 10_000, interval: 50 }).toEqual(['processing', 'processing']);

  worker.kill('SIGKILL');
  await once(worker, 'exit');
  fake.script({ text: 'second attempt' });
  rescuer = await startTestService(['gateway'], env());

  await expect.poll(() => statusOf(plain), { timeout: 40_000, interval: 250 }).toBe('completed');
  const result = await call('/api/llm/queue/result', { queueId: plain });
  expect(result.body.data.result.content).toBe('second attempt');

  await expect.poll(() => statusOf(streamed), { timeout: 40_000, interval: 250 }).toBe('error');
  const failed = await call('/api/llm/queue/result', { queueId: streamed });
  expect(failed.status).toBe(409);
  expect(failed.body).toMatchObject({ code: 'task_failed' });
  expect(failed.body.message).toMatch(/worker .* stopped/);
}, 90_000);
