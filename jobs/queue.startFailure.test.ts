// A database error while starting fetched jobs must not lose their tasks:
// the claim rolls back, the jobs stay waiting and a later claim starts them.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startFake } from '../providers/openai/fake.ts';
import type { Fake } from '../providers/testing/fake.ts';
import { createGatewayKey, startTestService, type TestService } from '../test/support.ts';

const failures = vi.hoisted(() => ({ remaining: 1 }));
// No room at submit, so the task waits and is fetched: the path under test.
vi.mock('../db/gateway/submitTasks.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../db/gateway/submitTasks.ts')>();
  return { ...real, submitTasks: (...[conn, o]: Parameters<typeof real.submitTasks>) => real.submitTasks(conn, { ...o, claim: undefined }) };
});
vi.mock('../db/gateway/startTask.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../db/gateway/startTask.ts')>();
  return {
    startTasks: async (...args: Parameters<typeof real.startTasks>) => {
      if (failures.remaining > 0) {
        failures.remaining--;
        throw new Error('connection reset (injected)');
      }
      return real.startTasks(...args);
    },
  };
});

let fake: Fake;
let service: TestService;

beforeAll(async () => {
  fake = await startFake();
  service = await startTestService(['gateway'], { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-test', GATEWAY_WORKERS: '1' });
});

afterAll(async () => {
  await service?.close();
  await fake?.close();
});

it('rolls the claim back and the task still completes', async () => {
  const { key } = await createGatewayKey(service.db);
  const post = async (path: string, body: unknown) =>
    (await (
      await fetch(`${service.gatewayUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as any;
  const queueId = (await post('/api/llm/complete', { provider: 'openai', messages: [{ role: 'user', content: 'survive' }] })).data.queueId;
  await expect.poll(async () => (await post('/api/llm/queue/status', { queueId })).data.status, { timeout: 20_000, interval: 100 }).toBe('completed');
  expect(failures.remaining).toBe(0);
}, 30_000);
