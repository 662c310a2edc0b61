// Batches run by the providers' own batch APIs (OpenAI's Batch API,
// Anthropic's Message Batches) with the unmodified openai client, against the
// loopback fakes of both wire formats: submitted once, polled by the batch
// job, answers mapped back to OpenAI's output and error files at the
// discounted price, cancel passed on, a batch outliving the process that
// created it. The fakes' batches end only when a test says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import OpenAI, { toFile } from 'openai';
import { compatSuite } from './_suite.ts';
import { startTestService, type TestService } from '../../test/support.ts';
import { batchesOf, endBatches } from '../../providers/testing/batchFake.ts';
import { completionCost } from '../../pricing/cost.ts';

const BOOTSTRAP = 'sk-native-batches-bootstrap-0123456789';
const suite = compatSuite(['openai', 'anthropic'], { BATCH_NATIVE_PROVIDERS: 'openai,anthropic', BATCH_NATIVE_POLL_MS: '1', GATEWAY_BOOTSTRAP_KEY: BOOTSTRAP });
const { fakes } = suite;
let oai: OpenAI;

beforeAll(() => {
  oai = new OpenAI({ baseURL: `${suite.service.gatewayUrl}/v1`, apiKey: suite.key, maxRetries: 0, fetch: suite.fetch });
});

const chatLine = (customId: string, model: string, content: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ custom_id: customId, method: 'POST', url: '/v1/chat/completions', body: { model, messages: [{ role: 'user', content }], ...extra } });

async function upload(client: OpenAI, lines: string[]): Promise<string> {
  return (await client.files.create({ file: await toFile(Buffer.from(`${lines.join('\n')}\n`), 'input.jsonl'), purpose: 'batch' })).id;
}

async function create(client: OpenAI, lines: string[], extra: Record<string, unknown> = {}): Promise<OpenAI.Batch> {
  return client.batches.create({ input_file_id: await upload(client, lines), endpoint: '/v1/chat/completions', completion_window: '24h', ...extra } as OpenAI.BatchCreateParams);
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

const chatCalls = (path: string) => [...fakes.openai.requests, ...fakes.anthropic.requests].filter((r) => r.path === path);

describe("a provider's own batch API", () => {
  it('openai: one upload and one batch upstream, no line run until the provider ends it, answers at half price with their usage rows', async () => {
    const created = await create(oai, [chatLine('a', 'openai/gpt-4o-mini', 'one'), chatLine('refused', 'openai/gpt-4o-mini', 'x', { top_k: 3 }), chatLine('b', 'openai/gpt-4o-mini', 'two')]);
    expect(created.status).toBe('in_progress');
    const [upstream] = batchesOf(fakes.openai).filter((b) => b.status === 'in_progress');
    expect(upstream!.lines.map((l) => l.customId)).toEqual(['line-1', 'line-3']);
    expect(upstream!.lines[0]!.body).toMatchObject({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'one' }] });
    expect((await oai.batches.retrieve(created.id)).status).toBe('in_progress');
    expect(chatCalls('/v1/chat/completions')).toHaveLength(0);

    await endBatches(fakes.openai);
    const batch = await ended(oai, created.id);
    expect(batch.status).toBe('completed');
    expect(batch.request_counts).toEqual({ total: 3, completed: 2, failed: 1 });
    const output = await jsonl(oai, batch.output_file_id!);
    expect(output.map((l) => [l.custom_id, l.response.body.choices[0].message.content, l.response.body.model])).toEqual([
      ['a', 'echo: one', 'openai/gpt-4o-mini'],
      ['b', 'echo: two', 'openai/gpt-4o-mini'],
    ]);
    for (const line of output) {
      const u = line.response.body.usage;
      const full = completionCost('openai', 'gpt-4o-mini', { inputTokens: u.prompt_tokens, outputTokens: u.completion_tokens, totalTokens: u.total_tokens, cachedTokens: 0 }, { byok: false }).customerPrice;
      expect(full).toBeGreaterThan(0);
      expect(line.response.body.cost.customerPrice).toBe(Math.round(full * 0.5 * 1e8) / 1e8);
    }
    expect((await jsonl(oai, batch.error_file_id!))[0]).toMatchObject({ custom_id: 'refused', response: { status_code: 400, body: { error: { code: 'capability_not_supported' } } } });
    // The upstream answered each line once; one usage row per answered line, at the discounted price.
    expect(chatCalls('/v1/chat/completions')).toHaveLength(2);
    const rows = await suite.service.db('gateway_usage').whereIn('task_id', output.map((l) => l.id.replace('batch_req_', '').replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-'))).select('cost', 'provider', 'model');
    expect(rows.map((r) => [r.provider, Number(r.cost)]).sort()).toEqual(output.map((l) => ['openai', l.response.body.cost.customerPrice]).sort());
  });

  it('anthropic, asked for with native: true; ids the caller chose go upstream as ids Anthropic accepts', async () => {
    const created = await create(
      oai,
      [chatLine('first one!', 'anthropic/claude-sonnet-4-5', 'alpha', { max_tokens: 40 }), chatLine('second/two', 'anthropic/claude-sonnet-4-5', 'beta', { max_tokens: 40 })],
      { native: true },
    );
    const upstream = batchesOf(fakes.anthropic).find((b) => b.status === 'in_progress')!;
    expect(upstream.lines.map((l) => l.customId)).toEqual(['line-1', 'line-2']);
    expect(upstream.lines[0]!.body).toMatchObject({ model: 'claude-sonnet-4-5', max_tokens: 40 });
    await endBatches(fakes.anthropic);
    const batch = await ended(oai, created.id);
    expect(batch).toMatchObject({ status: 'completed', request_counts: { total: 2, completed: 2, failed: 0 } });
    const output = await jsonl(oai, batch.output_file_id!);
    expect(output.map((l) => [l.custom_id, l.response.body.choices[0].message.content, l.response.body.model])).toEqual([
      ['first one!', 'echo: alpha', 'anthropic/claude-sonnet-4-5'],
      ['second/two', 'echo: beta', 'anthropic/claude-sonnet-4-5'],
    ]);
    const u = output[0].response.body.usage;
    const full = completionCost('anthropic', 'claude-sonnet-4-5', { inputTokens: u.prompt_tokens, outputTokens: u.completion_tokens, totalTokens: u.total_tokens, cachedTokens: 0 }, { byok: false }).customerPrice;
    expect(output[0].response.body.cost.customerPrice).toBe(Math.round(full * 0.5 * 1e8) / 1e8);
  });

  it('native: true is refused for a batch that cannot use it; native: false keeps an eligible batch on the queue', async () => {
    const mixed = [chatLine('o', 'openai/gpt-4o-mini', 'x'), chatLine('a', 'anthropic/claude-sonnet-4-5', 'y', { max_tokens: 10 })];
    const refused = await create(oai, mixed, { native: true }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect((refused as InstanceType<typeof OpenAI.BadRequestError>).code).toBe('native_batch_unavailable');
    expect((refused as Error).message).toContain('several providers');
    const before = batchesOf(fakes.openai).length;
    const queued = await ended(oai, (await create(oai, [chatLine('q', 'openai/gpt-4o-mini', 'queued')], { native: false })).id);
    expect((await jsonl(oai, queued.output_file_id!))[0].response.body.choices[0].message.content).toBe('echo: queued');
    expect(batchesOf(fakes.openai)).toHaveLength(before);
  });

  it('a submission the provider does not answer is made again by the job; one it refuses leaves the batch to the queue', async () => {
    const before = batchesOf(fakes.openai).length;
    const down = { status: 500, body: { error: { message: 'try later', type: 'server_error' } } };
    fakes.openai.script(down, down, down);
    const created = await create(oai, [chatLine('r', 'openai/gpt-4o-mini', 'again')]);
    expect(created.status).toBe('in_progress');
    const end = Date.now() + 15_000;
    while (batchesOf(fakes.openai).length === before && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(batchesOf(fakes.openai)).toHaveLength(before + 1);
    await endBatches(fakes.openai);
    expect((await jsonl(oai, (await ended(oai, created.id)).output_file_id!))[0].response.body.choices[0].message.content).toBe('echo: again');

    fakes.openai.script({ status: 403, body: { error: { message: 'This key has no access to the Batch API', type: 'invalid_request_error' } } });
    const fallback = await ended(oai, (await create(oai, [chatLine('f', 'openai/gpt-4o-mini', 'queue instead')])).id);
    expect((await jsonl(oai, fallback.output_file_id!))[0].response.body.choices[0].message.content).toBe('echo: queue instead');
    expect(batchesOf(fakes.openai)).toHaveLength(before + 1);
  });

  it('cancel is passed on to the provider; the batch ends cancelled once the provider has stopped', async () => {
    const created = await create(oai, [chatLine('c', 'openai/gpt-4o-mini', 'never')]);
    expect((await oai.batches.cancel(created.id)).status).toBe('cancelling');
    const upstream = batchesOf(fakes.openai).find((b) => b.status === 'cancelling');
    expect(upstream).toBeDefined();
    await endBatches(fakes.openai);
    const batch = await ended(oai, created.id);
    expect(batch.status).toBe('cancelled');
    expect((await jsonl(oai, batch.error_file_id!))[0]).toMatchObject({ custom_id: 'c', response: null, error: { code: 'batch_cancelled' } });
  });
});

describe("a native batch and its owner's budget", () => {
  /** A key with an all-time hard budget (no window turns during the test), and a client of it. */
  async function budgeted(name: string, amountUsd: number): Promise<{ id: string; client: OpenAI }> {
    const res = await fetch(`${suite.service.gatewayUrl}/api/llm/admin/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${BOOTSTRAP}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name, budgets: [{ period: 'total', amountUsd, mode: 'hard' }] }),
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { key: { id: string }; secret: string } };
    return { id: data.key.id, client: new OpenAI({ baseURL: `${suite.service.gatewayUrl}/v1`, apiKey: data.secret, maxRetries: 0, fetch: suite.fetch }) };
  }

  const allowance = (keyId: string) => suite.service.db('gateway_allowances').where({ meter: `key:${keyId}:spend:total` }).first();

  it('a batch whose worst case passes a hard budget is refused at create with budget_exceeded; nothing goes upstream', async () => {
    const { client } = await budgeted('native batch over budget', 0.0001);
    const before = batchesOf(fakes.openai).length;
    // No max_tokens: each line may write the model's whole output.
    const refused = await create(client, [chatLine('a', 'openai/gpt-4o-mini', 'one'), chatLine('b', 'openai/gpt-4o-mini', 'two')]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenAI.RateLimitError);
    expect((refused as InstanceType<typeof OpenAI.RateLimitError>).code).toBe('budget_exceeded');
    expect((refused as Error).message).toMatch(/hard total budget of key native batch over budget/);
    expect(batchesOf(fakes.openai)).toHaveLength(before);
  });

  it('a batch within budget holds its worst case while it runs and settles to its lines\' costs when it ends', async () => {
    const { id, client } = await budgeted('native batch within budget', 1);
    const created = await create(client, [chatLine('a', 'openai/gpt-4o-mini', 'one', { max_tokens: 50 }), chatLine('b', 'openai/gpt-4o-mini', 'two', { max_tokens: 50 })]);
    const [held] = (await suite.service.db('gateway_batches').where({ id: created.id }).select('charges')).map((r) => r.charges as Array<{ m: string; r: number }>);
    expect(held).toEqual([expect.objectContaining({ m: `key:${id}:spend:total` })]);
    const reserved = Number(held![0]!.r);
    expect(reserved).toBeGreaterThan(0);
    expect(Number((await allowance(id)).used)).toBe(0);

    await endBatches(fakes.openai);
    const batch = await ended(client, created.id);
    expect(batch.status).toBe('completed');
    const costs = (await jsonl(client, batch.output_file_id!)).map((l) => l.response.body.cost.customerPrice as number);
    expect(costs).toHaveLength(2);
    const spent = Math.round(costs.reduce((a, b) => a + b, 0) * 1e8) / 1e8;
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThan(reserved);
    // Settled once, in the transaction that wrote the usage rows: spent counted, the reservation gone from the batch.
    expect(Number((await allowance(id)).used)).toBe(spent);
    expect((await suite.service.db('gateway_batches').where({ id: created.id }).first()).charges).toBeNull();
  });

  it('a cancelled batch gives its whole reservation back and counts nothing as spent', async () => {
    const { id, client } = await budgeted('native batch cancelled', 1);
    const created = await create(client, [chatLine('c', 'openai/gpt-4o-mini', 'never', { max_tokens: 50 })]);
    const leased = Number((await allowance(id)).leased);
    const [{ charges }] = await suite.service.db('gateway_batches').where({ id: created.id }).select('charges');
    const reserved = Number(charges[0].r);
    expect(leased).toBeGreaterThanOrEqual(reserved);
    await client.batches.cancel(created.id);
    await endBatches(fakes.openai);
    expect((await ended(client, created.id)).status).toBe('cancelled');
    const after = await allowance(id);
    expect(Number(after.used)).toBe(0);
    // What the batch held left `leased` (the process's own unused lease may have gone back too).
    expect(Number(after.leased)).toBeLessThanOrEqual(Math.round((leased - reserved) * 1e8) / 1e8);
    expect((await suite.service.db('gateway_batches').where({ id: created.id }).first()).charges).toBeNull();
  });
});

describe('a native batch outlives the process that submitted it', () => {
  let apiOnly: TestService | undefined;
  afterAll(async () => {
    await apiOnly?.close();
  });

  it('submitted by an API-only process, finished and read by the other after the first stopped', async () => {
    apiOnly = await startTestService(['gateway'], {
      GATEWAY_WORKERS: '0',
      OPENAI_BASE_URL: fakes.openai.url,
      OPENAI_API_KEY: 'sk-fake-openai',
      BATCH_NATIVE_PROVIDERS: 'openai',
      BATCH_NATIVE_POLL_MS: '1',
    });
    const first = new OpenAI({ baseURL: `${apiOnly.gatewayUrl}/v1`, apiKey: suite.key, maxRetries: 0, fetch: suite.fetch });
    const created = await create(first, [chatLine('s', 'openai/gpt-4o-mini', 'survives')]);
    await apiOnly.close();
    apiOnly = undefined;
    expect(batchesOf(fakes.openai).filter((b) => b.status === 'in_progress')).toHaveLength(1);
    await endBatches(fakes.openai);
    const batch = await ended(oai, created.id);
    expect(batch.status).toBe('completed');
    expect((await jsonl(oai, batch.output_file_id!))[0].response.body.choices[0].message.content).toBe('echo: survives');
  });
});
