// Two deployments of openai (two loopback fakes, two keys) from a
// switchyard.yaml, through the gateway's /v1 endpoint: calls spread 3:1 by
// weight, fail over on a 429 or a 5xx, skip a deployment whose circuit is
// open, never exceed a deployment's concurrency, and every usage row names the
// deployment that served it. The round robin is deterministic, so counts are
// exact; where a test needs the next pick known, it reads the balancer's state.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFake } from '../providers/openai/fake.ts';
import type { Fake } from '../providers/testing/fake.ts';
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
