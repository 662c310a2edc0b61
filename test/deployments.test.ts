// Two deployments of openai (two loopback fakes, two keys) from a
// switchyard.yaml, through the gateway's /v1 endpoint: calls spread 3:1 by
// weight, fail over on a 429 or a 5xx, skip a deployment whose circuit is
// open, never exceed a deployment's concurrency, and every usage row names the
// deployment that served it. The round robin is deterministic, so counts are
// exact; where a test needs the next pick known, it reads the balancer's state.
// Embeddings and images take the same choice and failover.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startChatFake } from '../providers/openai/fake.ts';
import type { Fake, Render } from '../providers/testing/fake.ts';
import { samplePng } from '../providers/testing/mediaFake.ts';
import { circuits } from '../core/circuitBreaker.ts';
import { deploymentSlots, deploymentsOf } from '../core/deployments.ts';
import { createGatewayKey, startTestService, type TestService } from './support.ts';
import { Spec } from '../contract-tests/spec.ts';

let eu: Fake;
let us: Fake;
let service: TestService;
let dir: string;
let key: string;
let keyId: string;

/** OpenAI's images/generations answer: one PNG per image asked for, as b64_json. */
const images: Render = (req, _reply, res) => {
  const n = Number((req.body as { n?: number }).n ?? 1);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ created: 1_763_800_000, data: Array.from({ length: n }, (_, i) => ({ b64_json: samplePng(i + 1).toString('base64') })) }));
};

/** OpenAI's chat completions, embeddings and images on one base URL, as a deployment has them. */
const startFake = () =>
  startChatFake({ prefix: '/v1', embeddings: true, models: ['gpt-4o-mini', 'text-embedding-3-small'], streamUsage: 'option' }, { routes: { 'POST /images/generations': images }, match: () => undefined });

beforeAll(async () => {
  [eu, us] = await Promise.all([startFake(), startFake()]);
  dir = await mkdtemp(path.join(os.tmpdir(), 'switchyard-deployments-'));
  const file = path.join(dir, 'switchyard.yaml');
  await writeFile(
    file,
    [
      'providers:',
      '  openai:',
      '    deployments:',
      `      - {name: eu, apiKey: "\${KEY_EU}", baseUrl: "${eu.url}", weight: 3, concurrency: 1}`,
      `      - {name: us, apiKey: sk-us, baseUrl: "${us.url}", weight: 1, concurrency: 1}`,
    ].join('\n'),
  );
  service = await startTestService(['gateway'], {
    SWITCHYARD_CONFIG: file,
    MEDIA_DIR: path.join(dir, 'media'),
    KEY_EU: 'sk-eu',
    // The file alone configures openai.
    OPENAI_API_KEY: undefined,
    OPENAI_BASE_URL: undefined,
    // One failure opens a circuit, and it stays open until the test closes it.
    CIRCUIT_FAILURE_THRESHOLD: '1',
    CIRCUIT_COOLDOWN_MS: '600000',
  });
  ({ key, id: keyId } = await createGatewayKey(service.db, 'deployments'));
}, 60_000);

afterAll(async () => {
  await service?.close();
  await Promise.all([eu?.close(), us?.close()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

function chat(signal?: AbortSignal) {
  return fetch(`${service.gatewayUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    // One upstream request per deployment tried: a 429 or 5xx hands over at once.
    body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }], routing: { retry: { attempts: 1 } } }),
    signal,
  });
}

const spec = new Spec('gateway');
const ENVELOPES: Record<string, string> = {
  '/api/llm/circuits': 'CircuitsEnvelope',
  '/api/llm/providers/status': 'ProviderStatusEnvelope',
  '/api/llm/concurrency/openai': 'ProviderConcurrencyEnvelope',
};

/** A discovery endpoint's data, its body checked against the spec (the deployments' added fields included). */
async function get(p: string): Promise<any> {
  const res = await fetch(`${service.gatewayUrl}${p}`, { headers: { authorization: `Bearer ${key}` } });
  expect(res.status).toBe(200);
  const body = await res.json();
  const valid = spec.validator(`/components/schemas/${ENVELOPES[p]}`);
  expect(valid(body), JSON.stringify(valid.errors)).toBe(true);
  return (body as { data: unknown }).data;
}

const usageRows = async (of = keyId) =>
  Object.fromEntries(
    (await service.db('gateway_usage').where({ key_id: of }).select('deployment').count({ n: '*' }).groupBy('deployment')).map((r: any) => [r.deployment, Number(r.n)]),
  );

/**
 * Closes eu's circuit as a successful probe would, and waits until the
 * closing has come back from the database: every process (this one too)
 * applies the notices it hears, so an opening still on its way would
 * otherwise open the circuit again after this.
 */
async function closeEu(): Promise<void> {
  const notifier = service.deps.gateway!.notifier;
  const heard = new Promise<void>((resolve) => {
    const on = (payload: string) => {
      const change = JSON.parse(payload) as { deployment?: string; state: string };
      if (change.deployment !== 'eu' || change.state !== 'closed') return;
      notifier.off('provider_circuits', on);
      resolve();
    };
    notifier.on('provider_circuits', on);
  });
  circuits().succeeded('openai', 'eu');
  await heard;
}

/** Moves the round robin to the start of its cycle (no call made), so the next picks are eu, eu, us, eu. */
function atCycleStart(): void {
  const set = deploymentsOf('openai')!;
  while (set.members.some((m) => m.current !== 0)) set.order('gpt-4o-mini', deploymentSlots());
}

describe('deployments of one provider', () => {
  test('calls spread 3:1 by weight, each deployment with its own key; the usage rows name it', async () => {
    atCycleStart();
    for (let i = 0; i < 40; i++) {
      const res = await chat();
      expect(res.status).toBe(200);
      await res.json();
    }
    expect(eu.requests).toHaveLength(30);
    expect(us.requests).toHaveLength(10);
    expect(new Set(eu.requests.map((r) => r.headers.authorization))).toEqual(new Set(['Bearer sk-eu']));
    expect(new Set(us.requests.map((r) => r.headers.authorization))).toEqual(new Set(['Bearer sk-us']));
    // Usage is written just after answering: wait for the rows, not for time.
    await expect.poll(() => usageRows(), { timeout: 10_000, interval: 50 }).toEqual({ eu: 30, us: 10 });
  });

  test('a 429 or a 5xx from the picked deployment hands the call to the other', async () => {
    for (const failure of [{ status: 429, body: { error: { message: 'slow down', type: 'rate_limit_error' } } }, { status: 503 }]) {
      atCycleStart();
      const before = [eu.requests.length, us.requests.length];
      eu.script(failure);
      const res = await chat();
      expect(res.status).toBe(200);
      await res.json();
      expect([eu.requests.length, us.requests.length]).toEqual([before[0]! + 1, before[1]! + 1]);
      // eu's circuit opened on that failure; it is closed again for what follows.
      expect((await get('/api/llm/circuits')).find((c: any) => c.provider === 'openai').deployments).toMatchObject([
        { name: 'eu', state: 'open', consecutiveFailures: 1 },
        { name: 'us', state: 'closed' },
      ]);
      await closeEu();
    }
    await expect.poll(() => usageRows(), { timeout: 10_000, interval: 50 }).toEqual({ eu: 30, us: 12 });
  });

  test("a deployment whose circuit is open is skipped; the circuit is shared through the database under the deployment's name", async () => {
    atCycleStart();
    eu.script({ reset: true });
    expect((await chat()).status).toBe(200);
    await expect.poll(() => service.db('provider_circuits').select('provider', 'deployment'), { timeout: 10_000, interval: 50 }).toEqual([{ provider: 'openai', deployment: 'eu' }]);
    const euBefore = eu.requests.length;
    const usBefore = us.requests.length;
    for (let i = 0; i < 4; i++) expect((await chat()).status).toBe(200);
    expect(eu.requests.length).toBe(euBefore);
    expect(us.requests.length).toBe(usBefore + 4);
    const openai = (await get('/api/llm/circuits')).find((c: any) => c.provider === 'openai');
    // One of two open: the provider itself still answers.
    expect(openai).toMatchObject({ state: 'closed', deployments: [{ name: 'eu', state: 'open' }, { name: 'us', state: 'closed' }] });
    await closeEu();
    expect(await service.db('provider_circuits').count({ n: '*' }).first()).toEqual({ n: '0' });
  });

  test("no deployment takes more calls at once than its concurrency: the round robin's pick, if full, yields to one with room", async () => {
    atCycleStart();
    // The next two picks are both eu; eu takes one call at a time.
    eu.script({ hang: true });
    us.script({ hang: true });
    const first = new AbortController();
    const second = new AbortController();
    const calls = [chat(first.signal).catch(() => undefined), chat(second.signal).catch(() => undefined)];
    await expect.poll(() => [eu.inFlight().now, us.inFlight().now], { timeout: 10_000, interval: 20 }).toEqual([1, 1]);
    // Both busy: a third call waits in the gateway, sent nowhere.
    const sent = eu.requests.length + us.requests.length;
    const third = chat();
    await expect.poll(async () => (await get('/api/llm/concurrency/openai')).queuedRequests, { timeout: 10_000, interval: 20 }).toBe(1);
    expect(await get('/api/llm/concurrency/openai')).toMatchObject({
      limit: 2,
      deployments: [
        { name: 'eu', activeRequests: 1, limit: 1 },
        { name: 'us', activeRequests: 1, limit: 1 },
      ],
    });
    expect(eu.requests.length + us.requests.length).toBe(sent);
    first.abort();
    const res = await third;
    expect(res.status).toBe(200);
    await res.json();
    second.abort();
    await Promise.all(calls);
    expect(eu.inFlight().peak).toBe(1);
    expect(us.inFlight().peak).toBe(1);
  });

  test('a streamed call is balanced too, and its usage row names its deployment', async () => {
    atCycleStart();
    // A key of its own, so its rows are this call's alone.
    const own = await createGatewayKey(service.db, 'deployments-stream');
    const res = await fetch(`${service.gatewayUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${own.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hello' }] }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('data: [DONE]');
    // The cycle's first pick.
    await expect.poll(() => usageRows(own.id), { timeout: 10_000, interval: 50 }).toEqual({ eu: 1 });
  });

  test('providers/status shows the deployments, never their keys or addresses', async () => {
    const openai = (await get('/api/llm/providers/status')).find((s: any) => s.provider === 'openai');
    expect(openai).toMatchObject({
      configured: true,
      configuredBy: 'file',
      missing: [],
      deployments: [
        { name: 'eu', weight: 3, concurrency: 1, keySet: true },
        { name: 'us', weight: 1, concurrency: 1, keySet: true },
      ],
    });
    expect(JSON.stringify(openai)).not.toMatch(/sk-eu|sk-us|127\.0\.0\.1/);
    expect((await get('/api/llm/providers/status')).find((s: any) => s.provider === 'anthropic').configuredBy).toBe('environment');
  });
});

describe('embeddings and media on the deployments', () => {
  const post = (p: string, own: string, body: unknown) =>
    fetch(`${service.gatewayUrl}${p}`, { method: 'POST', headers: { authorization: `Bearer ${own}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const embed = (own: string) => post('/v1/embeddings', own, { model: 'openai/text-embedding-3-small', input: ['hello'] });
  const sentTo = (fake: Fake, p: string) => fake.requests.filter((r) => r.path === `/v1${p}`);
  // Each failure once per attempt the transport makes, told to retry at once.
  const failing = (status: number, times: number) => Array.from({ length: times }, () => ({ status, headers: { 'retry-after-ms': '1' }, body: { error: { message: 'slow down', type: 'rate_limit_error' } } }));

  test('embeddings spread 3:1 by weight, each deployment with its own key; the usage rows name it', async () => {
    const own = await createGatewayKey(service.db, 'deployments-embeddings');
    atCycleStart();
    for (let i = 0; i < 8; i++) {
      const res = await embed(own.key);
      expect(res.status).toBe(200);
      expect((await res.json()).data[0].embedding.length).toBeGreaterThan(0);
    }
    expect(sentTo(eu, '/embeddings')).toHaveLength(6);
    expect(sentTo(us, '/embeddings')).toHaveLength(2);
    expect(new Set(sentTo(us, '/embeddings').map((r) => r.headers.authorization))).toEqual(new Set(['Bearer sk-us']));
    await expect.poll(() => usageRows(own.id), { timeout: 10_000, interval: 50 }).toEqual({ eu: 6, us: 2 });
  });

  test('an embeddings call the picked deployment answers with 429 goes to the other, and opens only that circuit', async () => {
    const own = await createGatewayKey(service.db, 'deployments-embeddings-429');
    atCycleStart();
    const before = [sentTo(eu, '/embeddings').length, sentTo(us, '/embeddings').length];
    eu.script(...failing(429, 3));
    const res = await embed(own.key);
    expect(res.status).toBe(200);
    await res.json();
    expect([sentTo(eu, '/embeddings').length, sentTo(us, '/embeddings').length]).toEqual([before[0]! + 3, before[1]! + 1]);
    expect((await get('/api/llm/circuits')).find((c: any) => c.provider === 'openai').deployments).toMatchObject([
      { name: 'eu', state: 'open' },
      { name: 'us', state: 'closed' },
    ]);
    // With eu's circuit open, the next call goes to us without trying eu.
    expect((await embed(own.key)).status).toBe(200);
    expect(sentTo(eu, '/embeddings').length).toBe(before[0]! + 3);
    await closeEu();
    await expect.poll(() => usageRows(own.id), { timeout: 10_000, interval: 50 }).toEqual({ us: 2 });
  });

  test('an image generation the picked deployment fails goes to the other; its usage row names it', async () => {
    const own = await createGatewayKey(service.db, 'deployments-images');
    atCycleStart();
    eu.script(...failing(503, 2));
    const res = await post('/v1/images/generations', own.key, { model: 'openai/gpt-image-1', prompt: 'a lighthouse' });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toHaveLength(1);
    expect(sentTo(eu, '/images/generations')).toHaveLength(2);
    expect(sentTo(us, '/images/generations')).toHaveLength(1);
    expect(sentTo(us, '/images/generations')[0]!.headers.authorization).toBe('Bearer sk-us');
    await closeEu();
    await expect.poll(() => usageRows(own.id), { timeout: 10_000, interval: 50 }).toEqual({ us: 1 });
  });
});
