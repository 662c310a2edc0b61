// The files and batch protocols with the unmodified openai client: a JSONL
// file uploaded, a batch run line by line on the gateway's queue against
// several providers' loopback fakes, its output and error files read back;
// a batch created by one process and run by another; cancel; the cap on a
// batch's lines in flight. Every exchange is checked against openapi/compat.yaml.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import OpenAI, { toFile } from 'openai';
import { compatSuite } from './_suite.ts';
import { startTestService, type TestService } from '../../test/support.ts';

const suite = compatSuite(['openai', 'anthropic'], { PROVIDER_CONCURRENCY_OPENAI: '50' });
const { fakes } = suite;
let oai: OpenAI;

beforeAll(() => {
  oai = new OpenAI({ baseURL: `${suite.service.gatewayUrl}/v1`, apiKey: suite.key, maxRetries: 0, fetch: suite.fetch });
});

const chatLine = (customId: string, model: string, content: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ custom_id: customId, method: 'POST', url: '/v1/chat/completions', body: { model, messages: [{ role: 'user', content }], ...extra } });

async function upload(client: OpenAI, lines: string[]): Promise<string> {
  const file = await client.files.create({ file: await toFile(Buffer.from(`${lines.join('\n')}\n`), 'input.jsonl'), purpose: 'batch' });
  expect(file).toMatchObject({ object: 'file', purpose: 'batch', filename: 'input.jsonl', status: 'processed' });
  return file.id;
}

const ENDED = new Set(['completed', 'failed', 'expired', 'cancelled']);

/** Polls as a client does until the batch has ended. */
async function ended(client: OpenAI, id: string, ms = 20_000): Promise<OpenAI.Batch> {
  const end = Date.now() + ms;
  for (;;) {
    const batch = await client.batches.retrieve(id);
    if (ENDED.has(batch.status)) return batch;
    if (Date.now() > end) throw new Error(`batch still ${batch.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function jsonl(client: OpenAI, fileId: string): Promise<any[]> {
  const text = await (await client.files.content(fileId)).text();
  return text.trim().split('\n').map((l) => JSON.parse(l));
}

describe('the batch protocol with the official openai client', () => {
  it('files.create, batches.create, batches.retrieve and files.content: lines on two providers, a refused line in the error file, per-line cost', async () => {
    const inputId = await upload(oai, [
      chatLine('first', 'openai/gpt-4o-mini', 'one'),
      chatLine('second', 'anthropic/claude-sonnet-4-5', 'two', { max_tokens: 50 }),
      chatLine('refused', 'openai/gpt-4o-mini', 'three', { top_k: 5 }),
      chatLine('third', 'openai/gpt-4o-mini', 'four'),
    ]);
    const created = await oai.batches.create({ input_file_id: inputId, endpoint: '/v1/chat/completions', completion_window: '24h', metadata: { job: 'nightly' } });
    expect(created).toMatchObject({ object: 'batch', status: 'in_progress', input_file_id: inputId, metadata: { job: 'nightly' } });
    expect(created.request_counts!.total).toBe(4);
    const batch = await ended(oai, created.id);
    expect(batch.status).toBe('completed');
    expect(batch.request_counts).toEqual({ total: 4, completed: 3, failed: 1 });
    expect(batch.completed_at).toBeGreaterThanOrEqual(batch.created_at);

    const output = await jsonl(oai, batch.output_file_id!);
    expect(output.map((l) => l.custom_id)).toEqual(['first', 'second', 'third']);
    expect(output[0].response.status_code).toBe(200);
    expect(output[0].response.body.choices[0].message.content).toBe('echo: one');
    expect(output[1].response.body.choices[0].message.content).toBe('echo: two');
    expect(output[1].response.body.model).toBe('anthropic/claude-sonnet-4-5');
    for (const line of output) {
      expect(line.id).toMatch(/^batch_req_[0-9a-f]{32}$/);
      expect(line.response.body.cost.customerPrice).toBeGreaterThan(0);
      expect(line.response.body.cost.billing).toBe('metered');
    }
    expect(fakes.anthropic.requests).toHaveLength(1);
    expect(fakes.openai.requests).toHaveLength(2);

    const errors = await jsonl(oai, batch.error_file_id!);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ custom_id: 'refused', response: { status_code: 400, body: { error: { code: 'capability_not_supported' } } }, error: null });

    // Each line is a call of its own in the usage records, priced as the endpoint prices it.
    const taskIds = output.map((l) => l.id.slice('batch_req_'.length).replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5'));
    const usage = await suite.service.db('gateway_usage').whereIn('task_id', taskIds);
    expect(usage).toHaveLength(3);
    expect(usage.reduce((sum, u) => sum + Number(u.cost), 0)).toBeCloseTo(output.reduce((sum, l) => sum + l.response.body.cost.customerPrice, 0), 8);

    expect((await oai.files.retrieve(batch.output_file_id!)).purpose).toBe('batch_output');
    const page = await oai.batches.list({ limit: 1 });
    expect(page.data.map((b) => b.id)).toEqual([batch.id]);
    expect(await oai.files.delete(inputId)).toEqual({ id: inputId, object: 'file', deleted: true });
    await expect(oai.files.retrieve(inputId)).rejects.toMatchObject({ status: 404 });
    // The batch made from it is unaffected.
    expect((await oai.batches.retrieve(batch.id)).status).toBe('completed');
  });

  it('a file with malformed lines fails the batch at once, naming every bad line', async () => {
    const inputId = await upload(oai, [chatLine('a', 'openai/gpt-4o-mini', 'x'), 'not json', chatLine('a', 'openai/gpt-4o-mini', 'dup'), JSON.stringify({ custom_id: 'b', method: 'POST', url: '/v1/embeddings', body: {} })]);
    const batch = await oai.batches.create({ input_file_id: inputId, endpoint: '/v1/chat/completions', completion_window: '24h' });
    expect(batch.status).toBe('failed');
    expect(batch.errors!.data!.map((e) => [e.line, e.code])).toEqual([
      [2, 'invalid_json'],
      [3, 'duplicate_custom_id'],
      [4, 'invalid_url'],
    ]);
    expect(fakes.openai.requests).toHaveLength(0);
  });

  it("another key's files and batches do not exist for a key, and a missing input file is 404", async () => {
    const inputId = await upload(oai, [chatLine('a', 'openai/gpt-4o-mini', 'x')]);
    const { createGatewayKey } = await import('../../test/support.ts');
    const other = new OpenAI({ baseURL: `${suite.service.gatewayUrl}/v1`, apiKey: (await createGatewayKey(suite.service.db, 'other')).key, maxRetries: 0, fetch: suite.fetch });
    await expect(other.files.content(inputId)).rejects.toMatchObject({ status: 404 });
    await expect(other.batches.create({ input_file_id: inputId, endpoint: '/v1/chat/completions', completion_window: '24h' })).rejects.toMatchObject({ status: 404, code: 'file_not_found' });
    await expect(other.batches.retrieve('batch_missing')).rejects.toMatchObject({ status: 404, code: 'batch_not_found' });
  });

  it('at most 20 lines of one batch run at once, even where the provider takes more', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => chatLine(`line-${i}`, 'openai/gpt-4o-mini', `n${i}`));
    fakes.openai.script(...Array.from({ length: 30 }, () => ({ delayMs: 300 })));
    const batch = await oai.batches.create({ input_file_id: await upload(oai, lines), endpoint: '/v1/chat/completions', completion_window: '24h' });
    const done = await ended(oai, batch.id);
    expect(done.request_counts).toEqual({ total: 30, completed: 30, failed: 0 });
    expect(fakes.openai.inFlight().peak).toBe(20);
    expect((await jsonl(oai, done.output_file_id!)).map((l) => l.custom_id)).toEqual(lines.map((_, i) => `line-${i}`));
  });

  it('cancel aborts the running lines, sends no more, and reports what never ran', async () => {
    fakes.anthropic.script(...Array.from({ length: 20 }, () => ({ hang: true as const })));
    const lines = Array.from({ length: 25 }, (_, i) => chatLine(`c${i}`, 'anthropic/claude-sonnet-4-5', `n${i}`, { max_tokens: 20 }));
    const batch = await oai.batches.create({ input_file_id: await upload(oai, lines), endpoint: '/v1/chat/completions', completion_window: '24h' });
    const end = Date.now() + 10_000;
    while (fakes.anthropic.requests.length < 20 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    const cancelling = await oai.batches.cancel(batch.id);
    expect(['cancelling', 'cancelled']).toContain(cancelling.status);
    const done = await ended(oai, batch.id);
    expect(done.status).toBe('cancelled');
    expect(done.request_counts).toEqual({ total: 25, completed: 0, failed: 25 });
    const errors = await jsonl(oai, done.error_file_id!);
    expect(errors).toHaveLength(25);
    expect(errors.every((l) => l.error?.code === 'batch_cancelled')).toBe(true);
    expect(fakes.anthropic.requests).toHaveLength(20);
    const end2 = Date.now() + 5_000;
    while (!fakes.anthropic.requests.every((r) => r.aborted) && Date.now() < end2) await new Promise((r) => setTimeout(r, 20));
    expect(fakes.anthropic.requests.every((r) => r.aborted)).toBe(true);
    // Cancelling an ended batch answers it as it is.
    expect((await oai.batches.cancel(batch.id)).status).toBe('cancelled');
  });
});

describe('a batch is shared by processes and outlives the one that created it', () => {
  let apiOnly: TestService | undefined;
  afterAll(async () => {
    await apiOnly?.close();
  });

  it('created on an API-only process, run by the other one, and read there after its creator stopped', async () => {
    apiOnly = await startTestService(['gateway'], { GATEWAY_WORKERS: '0' });
    const first = new OpenAI({ baseURL: `${apiOnly.gatewayUrl}/v1`, apiKey: suite.key, maxRetries: 0, fetch: suite.fetch });
    const batch = await first.batches.create({
      input_file_id: await upload(first, [chatLine('x', 'openai/gpt-4o-mini', 'shared'), chatLine('y', 'anthropic/claude-sonnet-4-5', 'across', { max_tokens: 20 })]),
      endpoint: '/v1/chat/completions',
      completion_window: '24h',
    });
    await apiOnly.close();
    apiOnly = undefined;
    const done = await ended(oai, batch.id);
    expect(done.status).toBe('completed');
    expect((await jsonl(oai, done.output_file_id!)).map((l) => l.response.body.choices[0].message.content)).toEqual(['echo: shared', 'echo: across']);
  });
});
