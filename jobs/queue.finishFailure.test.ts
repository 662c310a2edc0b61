// Writing a task's end state can fail (a dropped connection, a failover).
// Brief failures are retried; a longer one leaves the job to pg-boss's
// supervisor, which runs the task again — it is never left in processing.
// Usage is written with the end, so a task that ran twice is counted once.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startFake } from '../providers/openai/fake.ts';
import type { Fake } from '../providers/testing/fake.ts';
import { createGatewayKey, startTestService, type TestService } from '../test/support.ts';

const failures = vi.hoisted(() => ({ remaining: 0 }));
vi.mock('../db/gateway/finishTask.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../db/gateway/finishTask.ts')>();
  return {
    ...real,
    finishTasks: async (...args: Parameters<typeof real.finishTasks>) => {
      if (failures.remaining > 0) {
        failures.remaining--;
        // A write that fails for a reason other than the database being unreachable:
        // a real outage is waited out for longer (jobs/queue.ts OUTAGE_PATIENCE_MS, test/faults.database.test.ts).
        throw new Error('could not write the end (injected)');
      }
      return real.finishTasks(...args);
    },
  };
});

let fake: Fake;
let service: TestService;
let key: string;

beforeAll(async () => {
  fake = await startFake();
  service = await startTestService(['gateway'], {
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-test',
    GATEWAY_WORKERS: '1',
    GATEWAY_SUPERVISE_SECONDS: '1',
  });
  key = (await createGatewayKey(service.db)).key;
});

afterAll(async () => {
  await service?.close();
  await fake?.close();
});

async function post(path: string, body: unknown) {
  const res = await fetch(`${service.gatewayUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as any;
}

async function usageRows(taskId: string): Promise<number> {
  return Number((await service.db('gateway_usage').where({ task_id: taskId }).count<{ count: string }[]>('* as count'))[0]!.count);
}

async function submitAndWait(timeout: number): Promise<string> {
  const queueId = (await post('/api/llm/complete', { provider: 'openai', messages: [{ role: 'user', content: 'keep me' }] })).data.queueId;
  await expect.poll(async () => (await post('/api/llm/queue/status', { queueId })).data.status, { timeout, interval: 100 }).toBe('completed');
  return queueId;
}

it('retries a brief failure to record the end', async () => {
  failures.remaining = 2;
  const before = fake.requests.length;
  const queueId = await submitAndWait(10_000);
  expect(fake.requests.length - before).toBe(1);
  expect(await usageRows(queueId)).toBe(1);
});

it('runs the task again when the end cannot be recorded at all', async () => {
  // The first run's four write attempts all fail; the supervisor then hands the job out again.
  failures.remaining = 4;
  const before = fake.requests.length;
  const queueId = await submitAndWait(45_000);
  expect(fake.requests.length - before).toBe(2);
  // The first run's usage went down with its unwritten end.
  expect(await usageRows(queueId)).toBe(1);
}, 60_000);
