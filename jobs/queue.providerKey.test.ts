// A caller's provider key in gateway_tasks is never in the clear: sealed while
// the task waits or runs (a dump taken during a slow call holds no usable
// key), opened by the process that runs it (a task that waited for a slot
// reaches the provider with its own key), erased when it completes, fails or
// is cancelled.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFake as startOpenAI } from '../providers/openai/fake.ts';
import type { Fake } from '../providers/testing/fake.ts';
import { createGatewayKey, startTestService, type TestService } from '../test/support.ts';

let service: TestService;
let openai: Fake;
let key: string;

beforeAll(async () => {
  openai = await startOpenAI();
  service = await startTestService(['gateway'], {
    OPENAI_BASE_URL: openai.url,
    OPENAI_API_KEY: 'sk-operator-not-this-one-0123456789',
    // One call at a time: a second task waits for the slot, then is claimed from the database.
    PROVIDER_CONCURRENCY_OPENAI: '1',
    SWITCHYARD_SECRET_KEY: 'a-test-sealing-key-of-more-than-32-characters',
  });
  key = (await createGatewayKey(service.db, 'byok-sealed')).key;
});

afterAll(async () => {
  await service?.close();
  await openai?.close();
});

function post(path: string, body: unknown, providerKey?: string): Promise<Response> {
  return fetch(`${service.gatewayUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...(providerKey ? { 'x-provider-key': providerKey } : {}) },
    body: JSON.stringify(body),
  });
}

async function submit(providerKey: string): Promise<string> {
  const res = await post('/api/llm/complete', { provider: 'openai', model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }, providerKey);
  expect(res.status).toBe(200);
  return (await res.json()).data.queueId;
}

async function status(queueId: string): Promise<string> {
  return (await (await post('/api/llm/queue/status', { queueId })).json()).data.status;
}

async function waitFor(queueId: string, wanted: string[]): Promise<void> {
  await expect.poll(() => status(queueId), { timeout: 15_000, interval: 20 }).toSatisfy((s: string) => wanted.includes(s));
}

/** What a dump of the task's row holds, every column as text. */
async function dumped(queueId: string): Promise<{ text: string; sealed: Buffer | null }> {
  const { rows } = await service.db.raw(`SELECT t::text AS text, provider_key AS sealed FROM gateway_tasks t WHERE id = ?`, [queueId]);
  return rows[0];
}

function expectNoKey(dump: { text: string; sealed: Buffer | null }, providerKey: string): void {
  expect(dump.text).not.toContain(providerKey);
  expect(dump.text).not.toContain(Buffer.from(providerKey).toString('hex'));
  expect(dump.text).not.toContain(Buffer.from(providerKey).toString('base64'));
  expect(dump.sealed?.toString('latin1') ?? '').not.toContain(providerKey);
}

describe("a caller's provider key in the task table", () => {
  test('sealed while running and while waiting for a slot; the waiting task still calls with its own key; erased at the end', async () => {
    const first = 'sk-byok-first-caller-key-0123456789abcdef';
    const second = 'sk-byok-second-caller-key-0123456789abcdef';
    openai.script({ text: 'slow one', delayMs: 1_500 }, { text: 'second' });
    const running = await submit(first);
    await waitFor(running, ['processing']);
    const waiting = await submit(second);
    expect(await status(waiting)).toBe('queued');

    const whileRunning = await dumped(running);
    const whileWaiting = await dumped(waiting);
    expect(whileRunning.sealed).not.toBeNull();
    expect(whileWaiting.sealed).not.toBeNull();
    expectNoKey(whileRunning, first);
    expectNoKey(whileWaiting, second);

    await waitFor(running, ['completed']);
    await waitFor(waiting, ['completed']);
    // Each reached the provider with its own key, the waiting one opened from its sealed copy.
    expect(openai.requests.slice(-2).map((r) => r.headers.authorization)).toEqual([`Bearer ${first}`, `Bearer ${second}`]);
    for (const id of [running, waiting]) {
      const row = await service.db('gateway_tasks').where({ id }).first();
      expect(row).toMatchObject({ provider_key: null, byok: true });
    }
  });

  test('erased when the task fails', async () => {
    const providerKey = 'sk-byok-failing-caller-key-0123456789abcdef';
    openai.script({ status: 401, body: { error: { message: 'nope' } }, headers: {} });
    const id = await submit(providerKey);
    await waitFor(id, ['error']);
    expect((await service.db('gateway_tasks').where({ id }).first()).provider_key).toBeNull();
  });

  test('erased when the task is cancelled while running and while waiting', async () => {
    const providerKey = 'sk-byok-cancelled-caller-key-0123456789abcdef';
    openai.script({ hang: true }, { hang: true });
    const running = await submit(providerKey);
    await waitFor(running, ['processing']);
    const waiting = await submit(providerKey);
    expect(await status(waiting)).toBe('queued');
    expectNoKey(await dumped(waiting), providerKey);
    for (const id of [waiting, running]) {
      expect((await post('/api/llm/queue/cancel', { queueId: id })).status).toBe(200);
      const row = await service.db('gateway_tasks').where({ id }).first();
      expect(row).toMatchObject({ status: 'cancelled', provider_key: null });
    }
  });
});
