// The dispatcher's fallback poll is what finds work no notice announced (a
// job the supervisor put back for retry, a NOTIFY lost with its process). It
// must come due while other tasks keep finishing here: a finished task used to
// wake the dispatcher and restart the poll's wait, so under steady load a job
// nobody announced waited until the load stopped.
import { randomUUID } from 'node:crypto';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFake as startOpenaiFake } from '../providers/openai/fake.ts';
import { startFake as startDeepseekFake } from '../providers/deepseek/fake.ts';
import type { Fake } from '../providers/testing/fake.ts';
import { createGatewayKey, databaseUrl, startTestService, type TestService } from '../test/support.ts';
import { TASK_QUEUE } from './queue.ts';

let openai: Fake;
let deepseek: Fake;
let service: TestService;
let boss: PgBoss;
let key: string;
let keyId: string;

async function call(pathName: string, body: unknown) {
  const res = await fetch(`${service.gatewayUrl}${pathName}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as any;
}

beforeAll(async () => {
  openai = await startOpenaiFake();
  deepseek = await startDeepseekFake();
  service = await startTestService(['gateway'], {
    OPENAI_BASE_URL: openai.url,
    OPENAI_API_KEY: 'sk-test',
    DEEPSEEK_BASE_URL: deepseek.url,
    DEEPSEEK_API_KEY: 'sk-test',
    PROVIDER_CONCURRENCY_OPENAI: '8',
  });
  ({ key, id: keyId } = await createGatewayKey(service.db));
  boss = new PgBoss({ connectionString: await databaseUrl(), schema: 'pgboss', max: 1, supervise: false, schedule: false });
  await boss.start();
});

afterAll(async () => {
  await boss?.stop({ graceful: false });
  await service?.close();
  await openai?.close();
  await deepseek?.close();
});

it('fetches a job no notice announced while other tasks keep finishing', async () => {
  const statusOf = async (queueId: string) => (await call('/api/llm/queue/status', { queueId })).data.status as string;
  const complete = async () => {
    const { data } = await call('/api/llm/complete', { provider: 'openai', messages: [{ role: 'user', content: 'steady load' }] });
    await expect.poll(() => statusOf(data.queueId), { timeout: 10_000, interval: 10 }).toBe('completed');
  };
  // The start-up's own fetch (it assumes work may be waiting) is over once a task has run and the dispatcher idled.
  await complete();
  await new Promise((r) => setTimeout(r, 1500));

  // A waiting task with its job, written as another process would but without its NOTIFY.
  const lost = randomUUID();
  await service.db('gateway_tasks').insert({
    id: lost,
    key_id: keyId,
    kind: 'completion',
    provider: 'deepseek',
    model: 'deepseek-chat',
    status: 'queued',
    stream: false,
    request: { request: { provider: 'deepseek', model: 'deepseek-chat', messages: [{ role: 'user', content: 'found by the poll' }] } },
  });
  await boss.insert(TASK_QUEUE, [{ id: lost, data: { taskId: lost }, group: { id: 'deepseek', tier: 'deepseek' } }]);

  // Four clients keep openai tasks (each claimed by its own submit) finishing many times a second until the lost one ends.
  let found = false;
  let finishedMeanwhile = 0;
  const deadline = Date.now() + 30_000;
  const client = async () => {
    while (!found && Date.now() < deadline) {
      await complete();
      finishedMeanwhile++;
    }
  };
  const watcher = async () => {
    while (!found && Date.now() < deadline) {
      found = (await statusOf(lost)) === 'completed';
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await Promise.all([client(), client(), client(), client(), watcher()]);
  expect(found).toBe(true);
  // Fetched while the load went on: tasks kept finishing here before it was found.
  expect(finishedMeanwhile).toBeGreaterThan(4);
  expect(deepseek.requests.some((r) => JSON.stringify(r.body).includes('found by the poll'))).toBe(true);
}, 60_000);
