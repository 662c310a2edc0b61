// A task submitted while its provider has a free slot is claimed by the
// submitting transaction itself: it is already processing when the submit
// answers. Without a free slot it waits and is fetched when one frees.
// (The claim's rules, one by one: db/gateway/submitTasks.test.ts.)
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFake } from '../providers/openai/fake.ts';
import type { Fake } from '../providers/testing/fake.ts';
import { createGatewayKey, startTestService, type TestService } from '../test/support.ts';

let fake: Fake;
let service: TestService;
let key: string;

async function call(pathName: string, body: unknown) {
  const res = await fetch(`${service.gatewayUrl}${pathName}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as any;
}

const submit = async (content: string, stream = false) =>
  (await call('/api/llm/complete', { provider: 'openai', stream, messages: [{ role: 'user', content }] })).data.queueId as string;
const statusOf = async (queueId: string) => (await call('/api/llm/queue/status', { queueId })).data;
const activeJobs = async () =>
  Number((await service.db.raw(`SELECT count(*) AS n FROM pgboss.job WHERE name = 'gateway-tasks' AND state = 'active' AND group_id = 'openai'`)).rows[0].n);

beforeAll(async () => {
  fake = await startFake();
  service = await startTestService(['gateway'], { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-test', PROVIDER_CONCURRENCY_OPENAI: '1' });
  ({ key } = await createGatewayKey(service.db));
});

afterAll(async () => {
  await service?.close();
  await fake?.close();
});

it('starts a task inside its submit when the provider has a free slot, and queues the next one behind it', async () => {
  fake.script({ text: 'one two three four', chunkDelayMs: 150 }, { text: 'second' });
  const first = await submit('first', true);
  // Processing already: the submit claimed it, no worker had to fetch it.
  const status = await statusOf(first);
  expect(status).toMatchObject({ status: 'processing', position: 0 });
  expect(status.startedAt).toBe(status.createdAt);
  const job = (await service.db.raw(`SELECT state FROM pgboss.job WHERE id = ?`, [first])).rows[0];
  expect(job.state).toBe('active');

  // The limit is 1: the next task waits, first in line, and its job is not active.
  const second = await submit('second');
  expect(await statusOf(second)).toMatchObject({ status: 'queued', position: 1 });
  expect(await activeJobs()).toBe(1);

  // When the slot frees, the waiting task is fetched and completes.
  await expect.poll(async () => (await statusOf(second)).status, { timeout: 10_000, interval: 50 }).toBe('completed');
  expect((await statusOf(first)).status).toBe('completed');
}, 30_000);
