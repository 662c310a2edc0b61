// A batch on the gateway's queue under its key's governance, with the
// official openai client: a model outside the allow-list refuses the batch
// at create, nothing run; lines past a hard budget fail with budget_exceeded
// in the error file while the spend stays within the budget; lines a rate
// limit refuses wait for the next window instead of failing (an injected clock
// turns the minute).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import OpenAI, { toFile } from 'openai';
import { compatSuite } from './_suite.ts';
import { createGatewayKey, startTestService, type TestService } from '../../test/support.ts';

const suite = compatSuite(['openai', 'anthropic']);
const { fakes } = suite;

const chatLine = (customId: string, model: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ custom_id: customId, method: 'POST', url: '/v1/chat/completions', body: { model, messages: [{ role: 'user', content: 'hi' }], ...extra } });

let db: typeof suite.service.db;
beforeAll(() => {
  db = suite.service.db;
});

async function governedClient(name: string, policy: { allowed_models?: string[]; budgets?: unknown[] }): Promise<{ oai: OpenAI; id: string }> {
  const { key, id } = await createGatewayKey(db, name);
  await db('gateway_keys')
    .where({ id })
    .update({ ...policy, ...(policy.budgets ? { budgets: JSON.stringify(policy.budgets) } : {}) });
  return { id, oai: new OpenAI({ baseURL: `${suite.service.gatewayUrl}/v1`, apiKey: key, maxRetries: 0, fetch: suite.fetch }) };
}

async function upload(client: OpenAI, lines: string[]): Promise<string> {
  return (await client.files.create({ file: await toFile(Buffer.from(`${lines.join('\n')}\n`), 'input.jsonl'), purpose: 'batch' })).id;
}

async function ended(client: OpenAI, id: string, ms = 20_000): Promise<OpenAI.Batch> {
  const end = Date.now() + ms;
  for (;;) {
    const batch = await client.batches.retrieve(id);
    if (['completed', 'failed', 'expired', 'cancelled'].includes(batch.status)) return batch;
    if (Date.now() > end) throw new Error(`batch still ${batch.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function jsonl(client: OpenAI, fileId: string): Promise<any[]> {
  return (await (await client.files.content(fileId)).text()).trim().split('\n').map((l) => JSON.parse(l));
}

describe('batches under the key governance', () => {
  it('a line outside the allow-list refuses the batch at create with 403 naming the line; nothing runs', async () => {
    const { oai } = await governedClient('anthropic only', { allowed_models: ['anthropic/*'] });
    const input = await upload(oai, [chatLine('a', 'anthropic/claude-sonnet-4-5', { max_tokens: 20 }), chatLine('b', 'openai/gpt-4o-mini')]);
    const refused = await oai.batches.create({ input_file_id: input, endpoint: '/v1/chat/completions', completion_window: '24h' }).catch((e) => e);
    expect(refused).toMatchObject({ status: 403, code: 'model_not_allowed' });
    expect(refused.message).toMatch(/Line 2 of the input file: Model 'openai\/gpt-4o-mini' is not allowed for key anthropic only/);
    expect((await oai.batches.list()).data).toHaveLength(0);
    expect(fakes.openai.requests).toHaveLength(0);
    expect(fakes.anthropic.requests).toHaveLength(0);
  });

  it('lines past a hard budget fail with budget_exceeded in the error file; the spend stays within the budget', async () => {
    const budget = 0.001;
    const { oai, id } = await governedClient('batch budget', { budgets: [{ period: 'total', amountUsd: budget, mode: 'hard' }] });
    // Each answer is about as long as its max_tokens: a line costs close to what it reserves, about $0.00024.
    fakes.openai.script(...Array.from({ length: 8 }, () => ({ text: 'abcd'.repeat(390) })));
    const lines = Array.from({ length: 8 }, (_, i) => chatLine(`l${i}`, 'openai/gpt-4o-mini', { max_tokens: 400 }));
    const batch = await ended(oai, (await oai.batches.create({ input_file_id: await upload(oai, lines), endpoint: '/v1/chat/completions', completion_window: '24h' })).id);
    expect(batch.status).toBe('completed');
    const done = batch.request_counts!.completed;
    expect(done).toBeGreaterThanOrEqual(2);
    expect(done).toBeLessThan(8);
    expect(batch.request_counts).toEqual({ total: 8, completed: done, failed: 8 - done });
    expect(fakes.openai.requests).toHaveLength(done);

    const errors = await jsonl(oai, batch.error_file_id!);
    expect(errors).toHaveLength(8 - done);
    for (const e of errors) {
      expect(e.response.status_code).toBe(429);
      expect(e.response.body.error).toMatchObject({ code: 'budget_exceeded' });
      expect(e.response.body.error.message).toMatch(/hard total budget of key batch budget/);
    }
    // The lines that ran are billed, and their spend settled on the budget's meter within it.
    const usage = await db('gateway_usage').where({ key_id: id });
    expect(usage).toHaveLength(done);
    const spent = usage.reduce((s, u) => s + Number(u.cost), 0);
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThanOrEqual(budget);
    const [meter] = await db('gateway_allowances').where('meter', 'like', `key:${id}:spend:%`);
    expect(Number(meter.used)).toBeCloseTo(spent, 8);
    expect(Number(meter.used) + Number(meter.leased)).toBeLessThanOrEqual(budget);
    // No line holds a reservation once the batch has ended.
    expect(await db('gateway_tasks').whereIn('id', usage.map((u) => u.task_id)).whereNotNull('charges')).toHaveLength(0);
  });
});

describe('batches under a rate limit', () => {
  // Mid-minute: the window turns only when the test moves the clock.
  let now = Date.UTC(2026, 10, 27, 10, 15, 30);
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(['gateway'], { OPENAI_BASE_URL: fakes.openai.url, OPENAI_API_KEY: 'sk-fake-openai' }, { clock: () => now });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('lines a requests-per-minute limit refuses wait for the next window, in order, and none fails', async () => {
    const { key, id } = await createGatewayKey(service.db, 'two a minute');
    await service.db('gateway_keys').where({ id }).update({ limits: JSON.stringify({ requestsPerMinute: 2 }) });
    const oai = new OpenAI({ baseURL: `${service.gatewayUrl}/v1`, apiKey: key, maxRetries: 0 });
    const lines = Array.from({ length: 4 }, (_, i) => chatLine(`r${i}`, 'openai/gpt-4o-mini'));
    const created = await oai.batches.create({ input_file_id: await upload(oai, lines), endpoint: '/v1/chat/completions', completion_window: '24h' });
    const tasks = () => service.db('gateway_batch_lines as l').join('gateway_tasks as t', 't.id', 'l.task_id').where('l.batch_id', created.id).orderBy('l.line').select('l.line', 't.status');
    // Two lines run in this minute; the two after them have no task yet and are not refused.
    const end = Date.now() + 10_000;
    while ((await tasks()).filter((t) => t.status === 'completed').length < 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect((await tasks()).map((t) => [t.line, t.status])).toEqual([
      [1, 'completed'],
      [2, 'completed'],
    ]);
    expect(await service.db('gateway_batch_lines').where({ batch_id: created.id }).whereNotNull('refusal')).toHaveLength(0);
    expect((await oai.batches.retrieve(created.id)).status).toBe('in_progress');

    now += 60_000;
    const batch = await ended(oai, created.id);
    expect(batch.status).toBe('completed');
    expect(batch.request_counts).toEqual({ total: 4, completed: 4, failed: 0 });
    expect((await jsonl(oai, batch.output_file_id!)).map((l) => l.custom_id)).toEqual(['r0', 'r1', 'r2', 'r3']);
  });
});
