// Limits, budgets and allow-lists on the calls billed other than by a
// completion: /v1 and native embeddings, /v1 and native image generation.
// Over a hard budget or outside the allow-list they are refused in their
// surface's shape with nothing sent upstream; a queued media task reserves
// at submit, gives its reservation back when it fails and settles its price
// when it ends; a local model's free call is never refused by a budget.
// Providers are loopback fakes of their wire formats; time is an injected clock.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestService, type TestService } from '../../test/support.ts';
import { startFake as startOpenAI } from '../../providers/openai/fake.ts';
import { startFake as startOllama } from '../../providers/ollama/fake.ts';
import { startXaiFake, type MediaFake } from '../../providers/testing/mediaFake.ts';
import type { Fake } from '../../providers/testing/fake.ts';
import { usageBatcher } from '../../core/usageBatch.ts';

const BOOTSTRAP = 'gw_live_bootstrapGovernanceMediaKey0123456789abcdef';
// Mid-day: the day's window does not turn during the file.
const now = Date.UTC(2026, 10, 27, 10, 15, 30);

let openai: Fake;
let ollama: Fake;
let xai: MediaFake;
let service: TestService;
let mediaDir: string;

beforeAll(async () => {
  [openai, ollama, xai] = await Promise.all([startOpenAI(), startOllama(), startXaiFake()]);
  mediaDir = await mkdtemp(join(tmpdir(), 'governance-media-test-'));
  service = await startTestService(
    ['gateway'],
    {
      MEDIA_DIR: mediaDir,
      OPENAI_BASE_URL: openai.url,
      OPENAI_API_KEY: 'sk-fake-openai',
      OLLAMA_BASE_URL: ollama.url,
      XAI_BASE_URL: `${xai.url}/v1`,
      XAI_API_KEY: 'xai-test',
      GATEWAY_BOOTSTRAP_KEY: BOOTSTRAP,
    },
    { clock: () => now },
  );
});

afterAll(async () => {
  await service?.close();
  await Promise.all([openai?.close(), ollama?.close(), xai?.close()]);
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

beforeEach(() => {
  openai.requests.length = 0;
  ollama.requests.length = 0;
  xai.requests.length = 0;
});

async function api(key: string, path: string, body: unknown): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(`${service.gatewayUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

async function newKey(body: Record<string, unknown>): Promise<{ id: string; secret: string }> {
  const res = await api(BOOTSTRAP, '/api/llm/admin/keys', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data.key.id, secret: res.body.data.secret };
}

/** A native task's end: its status once it is no longer queued or running. */
async function ended(key: string, queueId: string): Promise<string> {
  for (;;) {
    const res = await api(key, '/api/llm/queue/status', { queueId });
    const status = res.body.data?.status;
    if (status !== 'queued' && status !== 'processing') return status;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function allowance(meter: string): Promise<{ used: number; leased: number } | undefined> {
  // What this process still holds of its lease goes back first, so `leased` is what tasks hold.
  await service.deps.gateway!.governor.sweep(true);
  const [row] = (await service.db.raw('SELECT used::float8 AS used, leased::float8 AS leased FROM gateway_allowances WHERE meter = ?', [meter])).rows;
  return row;
}

const IMAGE = { provider: 'xai', model: 'grok-imagine-image', prompt: 'a lighthouse' };

describe('embeddings', () => {
  it('over a hard budget: 429 budget_exceeded in the OpenAI shape on /v1 and the native one on the queue, nothing sent upstream', async () => {
    // text-embedding-3-small, $0.02 per 1M tokens: 2,000 bytes reserve $0.00004.
    const key = await newKey({ name: 'embed budget', budgets: [{ period: 'day', amountUsd: 0.00001, mode: 'hard' }] });
    const input = 'x'.repeat(2_000);
    const v1 = await api(key.secret, '/v1/embeddings', { model: 'openai/text-embedding-3-small', input });
    expect(v1.status).toBe(429);
    expect(v1.body.error).toMatchObject({ code: 'budget_exceeded', type: expect.any(String) });
    expect(v1.body.error.message).toMatch(/hard day budget of key embed budget/);
    expect(Number(v1.headers.get('retry-after'))).toBeGreaterThan(0);
    const native = await api(key.secret, '/api/llm/embeddings', { provider: 'openai', model: 'text-embedding-3-small', input });
    expect(native.status).toBe(429);
    expect(native.body).toMatchObject({ success: false, code: 'budget_exceeded' });
    expect(openai.requests).toHaveLength(0);
    // A small one fits, and settles its price with its usage row.
    const small = await api(key.secret, '/v1/embeddings', { model: 'openai/text-embedding-3-small', input: 'tiny' });
    expect(small.status, JSON.stringify(small.body)).toBe(200);
    await usageBatcher(service.db).flush();
    const [{ cost }] = (await service.db.raw('SELECT sum(cost)::float8 AS cost FROM gateway_usage WHERE key_id = ?', [key.id])).rows;
    expect(cost).toBeGreaterThan(0);
    expect(await allowance(`key:${key.id}:spend:day`)).toEqual({ used: cost, leased: 0 });
  });

  it('a local model costs nothing: never refused by a budget, only by limits', async () => {
    const key = await newKey({ name: 'local embed', budgets: [{ period: 'day', amountUsd: 0.000001, mode: 'hard' }], limits: { requestsPerMinute: 2 } });
    const big = 'y'.repeat(50_000);
    expect((await api(key.secret, '/v1/embeddings', { model: 'ollama/nomic-embed-text', input: big })).status).toBe(200);
    const queued = await api(key.secret, '/api/llm/embeddings', { provider: 'ollama', input: big });
    expect(queued.status).toBe(200);
    expect(await ended(key.secret, queued.body.data.queueId)).toBe('completed');
    // The third call in the minute: the rate limit refuses it.
    const third = await api(key.secret, '/v1/embeddings', { model: 'ollama/nomic-embed-text', input: 'z' });
    expect(third.status).toBe(429);
    expect(third.body.error.code).toBe('rate_limit_exceeded');
    expect(ollama.requests).toHaveLength(2);
  });
});

describe('media', () => {
  it('over a hard budget: an image is refused on /v1 and on the native API, nothing sent upstream', async () => {
    // grok-imagine-image: $0.02 an image.
    const key = await newKey({ name: 'image budget', budgets: [{ period: 'day', amountUsd: 0.05, mode: 'hard' }] });
    const v1 = await api(key.secret, '/v1/images/generations', { model: 'xai/grok-imagine-image', prompt: 'a lighthouse', n: 3 });
    expect(v1.status).toBe(429);
    expect(v1.body.error.code).toBe('budget_exceeded');
    expect(v1.body.error.message).toMatch(/may cost up to \$0\.0600/);
    const native = await api(key.secret, '/api/llm/generate-image', { ...IMAGE, n: 3 });
    expect(native.status).toBe(429);
    expect(native.body).toMatchObject({ success: false, code: 'budget_exceeded' });
    expect(xai.requests).toHaveLength(0);
  });

  it('a model outside the allow-list is refused with 403 model_not_allowed before anything is stored or sent', async () => {
    const key = await newKey({ name: 'openai only', allowedModels: ['openai/*'] });
    const v1 = await api(key.secret, '/v1/images/generations', { model: 'xai/grok-imagine-image', prompt: 'a lighthouse' });
    expect(v1.status).toBe(403);
    expect(v1.body.error).toMatchObject({ code: 'model_not_allowed', param: 'model' });
    const native = await api(key.secret, '/api/llm/generate-image', IMAGE);
    expect(native.status).toBe(403);
    expect(native.body).toMatchObject({ success: false, code: 'model_not_allowed' });
    const embed = await api(key.secret, '/v1/embeddings', { model: 'ollama/nomic-embed-text', input: 'hi' });
    expect(embed.body.error.code).toBe('model_not_allowed');
    expect(xai.requests).toHaveLength(0);
    expect(ollama.requests).toHaveLength(0);
    const [{ n }] = (await service.db.raw('SELECT count(*)::int AS n FROM gateway_tasks WHERE key_id = ?', [key.id])).rows;
    expect(n).toBe(0);
  });

  it('a queued image reserves at submit, gives it back when it fails, settles its price when it ends', async () => {
    const key = await newKey({ name: 'image tasks', budgets: [{ period: 'day', amountUsd: 0.05, mode: 'hard' }] });
    const meter = `key:${key.id}:spend:day`;
    xai.script(/images\/generations/, { status: 400, body: { error: { message: 'prompt refused by the provider' } } });
    const failing = await api(key.secret, '/api/llm/generate-image', { ...IMAGE, n: 2 });
    expect(failing.status, JSON.stringify(failing.body)).toBe(200);
    expect(await ended(key.secret, failing.body.data.queueId)).toBe('error');
    expect(await allowance(meter)).toEqual({ used: 0, leased: 0 });
    // $0.04 of $0.05: admitted only because the failed task's $0.04 came back.
    const v1 = await api(key.secret, '/v1/images/generations', { model: 'xai/grok-imagine-image', prompt: 'a lighthouse', n: 2 });
    expect(v1.status, JSON.stringify(v1.body)).toBe(200);
    expect(v1.body.data).toHaveLength(2);
    expect(await allowance(meter)).toEqual({ used: 0.04, leased: 0 });
    // $0.02 more would pass the budget.
    const over = await api(key.secret, '/api/llm/generate-image', IMAGE);
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/has \$0\.0100 left/);
    expect(xai.requests).toHaveLength(2);
  });
});
