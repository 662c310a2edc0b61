// The per-provider concurrency limit holds across worker processes, and the
// concurrency endpoint reports what is really running and waiting.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFake } from '../providers/openai/fake.ts';
import type { Fake } from '../providers/testing/fake.ts';
import { createGatewayKey, databaseUrl, startTestService, type TestService } from '../test/support.ts';
import { REPO_ROOT } from '../server/paths.ts';

let fake: Fake;
let service: TestService;
let worker: ChildProcess;
let key: string;

const env = () => ({ OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-test', PROVIDER_CONCURRENCY_OPENAI: '1', GATEWAY_WORKERS: '1' });

async function call(pathName: string, body?: unknown) {
  const res = await fetch(`${service.gatewayUrl}${pathName}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as any;
}

beforeAll(async () => {
  fake = await startFake();
  service = await startTestService(['gateway'], env());
  key = (await createGatewayKey(service.db)).key;
  worker = spawn(process.execPath, [path.join(REPO_ROOT, 'test/workerProcess.ts')], {
    env: { ...process.env, ...env(), DATABASE_URL: await databaseUrl() },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(worker.stdout!, 'data');
});

afterAll(async () => {
  worker?.kill('SIGKILL');
  await service?.close();
  await fake?.close();
});

it('never runs more than the limit at once, over two worker processes', async () => {
  const tasks = 6;
  for (let i = 0; i < tasks; i++) fake.script({ text: 'one two three four five', chunkDelayMs: 40 });
  const ids: string[] = [];
  for (let i = 0; i < tasks; i++) {
    ids.push((await call('/api/llm/complete', { provider: 'openai', stream: true, messages: [{ role: 'user', content: `t${i}` }] })).data.queueId);
  }
  const samples: Array<{ activeRequests: number; queuedRequests: number; limit: number }> = [];
  for (;;) {
    samples.push((await call('/api/llm/concurrency/openai')).data);
    const rows = await service.db('gateway_tasks').whereIn('id', ids).select('status');
    if (rows.every((r) => r.status === 'completed')) break;
    await new Promise((r) => setTimeout(r, 30));
  }
  const spans = await service.db('gateway_tasks').whereIn('id', ids).select('started_at', 'finished_at');
  const edges = spans.flatMap((s) => [
    { t: s.started_at.getTime(), d: 1 },
    { t: s.finished_at.getTime(), d: -1 },
  ]);
  // Ends before starts at the same instant: a slot handed straight on is not an overlap.
  edges.sort((a, b) => a.t - b.t || a.d - b.d);
  let running = 0;
  let most = 0;
  for (const e of edges) most = Math.max(most, (running += e.d));
  expect(most).toBe(1);
  expect(samples.every((s) => s.limit === 1 && s.activeRequests <= 1)).toBe(true);
  expect(samples.some((s) => s.activeRequests === 1 && s.queuedRequests >= 1)).toBe(true);
}, 60_000);
