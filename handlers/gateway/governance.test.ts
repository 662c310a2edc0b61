// Keys a team can govern, on PostgreSQL with two gateway instances sharing
// the database: the admin API, expiry, allow-lists, rotation, hard and soft
// budgets under concurrency, rate limits across processes, and the rate-limit
// headers the official openai client backs off by. Providers are loopback
// fakes; time is an injected clock.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { startTestService, type TestService } from '../../test/support.ts';
import { startFake } from '../../providers/openai/fake.ts';
import type { Fake } from '../../providers/testing/fake.ts';
import { usageBatcher } from '../../core/usageBatch.ts';

const BOOTSTRAP = 'gw_live_bootstrapGovernanceTestKey0123456789abcdef';
const ALERT_SECRET = 'alert-secret-for-tests';
// Mid-minute, mid-day: windows do not turn unless a test moves the clock.
let now = Date.UTC(2026, 10, 27, 10, 15, 30);
const clock = () => now;

let fake: Fake;
let a: TestService;
let b: TestService;
let hooks: http.Server;
let hookUrl: string;
const received: Array<{ body: any; signature: string; raw: string }> = [];

beforeAll(async () => {
  fake = await startFake();
  hooks = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      received.push({ body: JSON.parse(raw), signature: String(req.headers['x-switchyard-signature']), raw });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => hooks.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/alerts`;
  const env = {
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-fake-openai',
    GATEWAY_BOOTSTRAP_KEY: BOOTSTRAP,
    GATEWAY_ALERT_SECRET: ALERT_SECRET,
    GUARDED_FETCH_ALLOW_LOOPBACK: '1',
  };
  [a, b] = await Promise.all([startTestService(['gateway'], env, { clock }), startTestService(['gateway'], env, { clock })]);
});

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await fake?.close();
  await new Promise((r) => hooks?.close(r));
});

beforeEach(() => {
  fake.requests.length = 0;
});

async function api(service: TestService, key: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(`${service.gatewayUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

async function newKey(body: Record<string, unknown>): Promise<{ id: string; secret: string }> {
  const res = await api(a, BOOTSTRAP, 'POST', '/api/llm/admin/keys', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data.key.id, secret: res.body.data.secret };
}

function chat(service: TestService, key: string, model = 'openai/gpt-4o-mini', extra: Record<string, unknown> = {}) {
  return api(service, key, 'POST', '/v1/chat/completions', { model, max_tokens: 100, messages: [{ role: 'user', content: 'hello there' }], ...extra });
}

/** Both instances' usage written (the /v1 calls record after answering). */
async function flushUsage(): Promise<void> {
  await Promise.all([usageBatcher(a.db).flush(), usageBatcher(b.db).flush()]);
}

async function waitFor(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('admin API', () => {
  it('is for admin keys only; a member gets 403 admin_only in the native shape', async () => {
    const member = await newKey({ name: 'plain member' });
    const res = await api(a, member.secret, 'GET', '/api/llm/admin/keys');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, code: 'admin_only', message: expect.any(String) });
    // The calling key may read itself.
    const own = await api(a, member.secret, 'GET', '/api/llm/key');
    expect(own.status).toBe(200);
    expect(own.body.data.key).toMatchObject({ id: member.id, role: 'member', name: 'plain member' });
    expect(own.body.data.meters).toEqual([]);
  });

  it('creates teams and keys, shows meters, and keeps an audit log', async () => {
    const team = await api(a, BOOTSTRAP, 'POST', '/api/llm/admin/teams', { name: 'payments', budgets: [{ period: 'month', amountUsd: 50 }] });
    expect(team.status).toBe(201);
    const dup = await api(a, BOOTSTRAP, 'POST', '/api/llm/admin/teams', { name: 'payments' });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('team_exists');
    const key = await newKey({ name: 'billing', teamId: team.body.data.id, tags: ['billing'], limits: { requestsPerMinute: 100 } });
    const twice = await api(a, BOOTSTRAP, 'PATCH', `/api/llm/admin/keys/${key.id}`, { budgets: [{ period: 'day', amountUsd: 1 }, { period: 'day', amountUsd: 2 }] });
    expect(twice.status).toBe(400);
    expect(twice.body.code).toBe('invalid_policy');
    const unknown = await api(a, BOOTSTRAP, 'PATCH', `/api/llm/admin/keys/${key.id}`, { teamId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.body.code).toBe('unknown_team');
    const own = await api(a, key.secret, 'GET', '/api/llm/key');
    expect(own.body.data.meters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ scope: 'key', metric: 'requests', period: 'minute', limit: 100, remaining: 100 }),
        expect.objectContaining({ scope: 'team', metric: 'spend', period: 'month', limit: 50, mode: 'hard' }),
      ]),
    );
    const audit = await api(a, BOOTSTRAP, 'GET', '/api/llm/admin/audit?limit=5');
    expect(audit.body.data[0]).toMatchObject({ action: 'key.create', targetType: 'key', targetId: key.id, actor: expect.stringContaining('bootstrap') });
    expect(JSON.stringify(audit.body)).not.toContain(key.secret);
  });
});

describe('refused before any upstream call', () => {
  it('an expired key: 403 key_expired, OpenAI shape on /v1', async () => {
    const key = await newKey({ name: 'short-lived', expiresAt: new Date(now + 60_000).toISOString() });
    expect((await chat(a, key.secret)).status).toBe(200);
    now += 61_000;
    const res = await chat(b, key.secret);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'key_expired', type: 'permission_error' });
    expect(fake.requests).toHaveLength(1);
  });

  it('a model outside the allow-list: 403 model_not_allowed on /v1 and on the native queue', async () => {
    const key = await newKey({ name: 'anthropic only', allowedModels: ['anthropic/claude-*'] });
    const res = await chat(a, key.secret);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('model_not_allowed');
    expect(res.body.error.message).toContain('openai/gpt-4o-mini');
    const native = await api(b, key.secret, 'POST', '/api/llm/complete', { provider: 'openai', model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    expect(native.status).toBe(403);
    expect(native.body.code).toBe('model_not_allowed');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('rotation', () => {
  it('the replaced secret works during its grace period, not after', async () => {
    const key = await newKey({ name: 'rotating' });
    const rotated = await api(a, BOOTSTRAP, 'POST', `/api/llm/admin/keys/${key.id}/rotate`, { graceSeconds: 300 });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.data.secret as string;
    expect(fresh).not.toBe(key.secret);
    expect((await chat(a, key.secret)).status).toBe(200);
    expect((await chat(b, fresh)).status).toBe(200);
    now += 301_000;
    const old = await chat(b, key.secret);
    expect(old.status).toBe(403);
    expect(old.body.error.code).toBe('key_expired');
    expect((await chat(a, fresh)).status).toBe(200);
  });
});

describe('budgets', () => {
  it('a hard budget holds under 200 concurrent calls on two processes; the rest are refused, nothing sent for them', async () => {
    const budget = 0.0003;
    const key = await newKey({ name: 'hard budget', budgets: [{ period: 'total', amountUsd: budget, mode: 'hard' }] });
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => chat(i % 2 ? a : b, key.secret)));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(r.body.error.code).toBe('budget_exceeded');
      expect(r.body.error.message).toMatch(/hard total budget of key hard budget .* left/);
      // Waiting does not help an all-time budget.
      expect(r.headers.get('x-should-retry')).toBe('false');
    }
    // Nothing was sent upstream for a refused call.
    expect(fake.requests).toHaveLength(ok.length);
    await flushUsage();
    const [{ spent, calls }] = (await a.db.raw('SELECT sum(cost)::float8 AS spent, count(*)::int AS calls FROM gateway_usage WHERE key_id = ?', [key.id])).rows;
    expect(calls).toBe(ok.length);
    expect(spent).toBeLessThanOrEqual(budget);
    const [row] = (await a.db.raw(`SELECT used::float8 AS used, leased::float8 AS leased FROM gateway_allowances WHERE meter = ?`, [`key:${key.id}:spend:total`])).rows;
    expect(row.used).toBeCloseTo(spent, 10);
    const [{ total }] = (await a.db.raw(`SELECT (used + leased)::float8 AS total FROM gateway_allowances WHERE meter = ?`, [`key:${key.id}:spend:total`])).rows;
    expect(total).toBeLessThanOrEqual(budget);
  });

  it('a call that costs nothing is never refused by a budget; a key without budget never as over budget', async () => {
    const key = await newKey({ name: 'spent', budgets: [{ period: 'total', amountUsd: 0.00001, mode: 'hard' }] });
    // Until the budget refuses.
    for (let i = 0; i < 20 && (await chat(a, key.secret)).status === 200; i++);
    expect((await chat(a, key.secret)).body.error.code).toBe('budget_exceeded');
    // The caller's own provider key: billed byok, 0.
    const byok = await fetch(`${a.gatewayUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json', 'x-provider-key': 'sk-callers-own' },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', max_tokens: 100, messages: [{ role: 'user', content: 'mine' }] }),
    });
    expect(byok.status).toBe(200);
    const free = await newKey({ name: 'no budget' });
    expect((await chat(b, free.secret)).status).toBe(200);
  });

  it('a soft budget lets calls through and sends each threshold webhook once, signed', async () => {
    received.length = 0;
    const key = await newKey({ name: 'soft budget', budgets: [{ period: 'day', amountUsd: 0.00001, mode: 'soft' }], alertWebhookUrl: hookUrl });
    for (let i = 0; i < 6; i++) expect((await chat(i % 2 ? a : b, key.secret)).status).toBe(200);
    await flushUsage();
    await waitFor(() => received.length >= 3);
    for (let i = 0; i < 3; i++) expect((await chat(a, key.secret)).status).toBe(200);
    await flushUsage();
    const claimed = (await a.db.raw('SELECT threshold FROM gateway_budget_alerts WHERE meter = ? ORDER BY threshold', [`key:${key.id}:spend:day`])).rows;
    expect(claimed.map((r: { threshold: number }) => r.threshold)).toEqual([50, 80, 100]);
    // A later send would have been queued by now; give the workers a moment to show none comes.
    await new Promise((r) => setTimeout(r, 500));
    const mine = received.filter((r) => r.body.subject === key.id);
    expect(mine.map((r) => r.body.threshold).sort((x, y) => x - y)).toEqual([50, 80, 100]);
    for (const r of mine) {
      expect(r.body).toMatchObject({ type: 'budget.threshold', scope: 'key', period: 'day', mode: 'soft', amountUsd: 0.00001 });
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(r.signature)!;
      expect(v1).toBe(createHmac('sha256', ALERT_SECRET).update(`${t}.${r.raw}`).digest('hex'));
    }
  });

  it('a queued task reserves at submit and settles when it ends', async () => {
    const key = await newKey({ name: 'queued', budgets: [{ period: 'month', amountUsd: 1, mode: 'hard' }] });
    const submitted = await api(a, key.secret, 'POST', '/api/llm/complete', { provider: 'openai', model: 'gpt-4o-mini', maxTokens: 100, messages: [{ role: 'user', content: 'queued hello' }] });
    expect(submitted.status).toBe(200);
    const queueId = submitted.body.data.queueId;
    await waitFor(async () => (await api(b, key.secret, 'POST', '/api/llm/queue/status', { queueId })).body.data?.status === 'completed');
    await Promise.all([a.deps.gateway!.governor.sweep(true), b.deps.gateway!.governor.sweep(true)]);
    const [{ cost }] = (await a.db.raw('SELECT cost::float8 AS cost FROM gateway_usage WHERE task_id = ?', [queueId])).rows;
    const [row] = (await a.db.raw(`SELECT used::float8 AS used, leased::float8 AS leased FROM gateway_allowances WHERE meter = ?`, [`key:${key.id}:spend:month`])).rows;
    expect(cost).toBeGreaterThan(0);
    expect(row).toEqual({ used: cost, leased: 0 });
  });
});

describe('what a call reserved', () => {
  it('a stream settles its budget from its final usage', async () => {
    const key = await newKey({ name: 'streamed', budgets: [{ period: 'month', amountUsd: 1, mode: 'hard' }] });
    const res = await fetch(`${a.gatewayUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'stream me' }] }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('[DONE]');
    await flushUsage();
    await a.deps.gateway!.governor.sweep(true);
    const [{ cost }] = (await a.db.raw('SELECT cost::float8 AS cost FROM gateway_usage WHERE key_id = ?', [key.id])).rows;
    expect(cost).toBeGreaterThan(0);
    const [row] = (await a.db.raw('SELECT used::float8 AS used, leased::float8 AS leased FROM gateway_allowances WHERE meter = ?', [`key:${key.id}:spend:month`])).rows;
    expect(row).toEqual({ used: cost, leased: 0 });
  });

  it('a cancelled task gives its reservation back and is billed nothing', async () => {
    const key = await newKey({ name: 'cancelled', budgets: [{ period: 'month', amountUsd: 1, mode: 'hard' }] });
    fake.script({ hang: true });
    const submitted = await api(a, key.secret, 'POST', '/api/llm/complete', { provider: 'openai', model: 'gpt-4o-mini', maxTokens: 100, messages: [{ role: 'user', content: 'never answered' }] });
    expect(submitted.status).toBe(200);
    const queueId = submitted.body.data.queueId;
    // Running: its request is upstream, and hangs there.
    await waitFor(() => fake.requests.length === 1);
    expect((await api(b, key.secret, 'POST', '/api/llm/queue/cancel', { queueId })).status).toBe(200);
    await waitFor(async () => (await api(a, key.secret, 'POST', '/api/llm/queue/status', { queueId })).body.data?.status === 'cancelled');
    await Promise.all([a.deps.gateway!.governor.sweep(true), b.deps.gateway!.governor.sweep(true)]);
    const [row] = (await a.db.raw('SELECT used::float8 AS used, leased::float8 AS leased FROM gateway_allowances WHERE meter = ?', [`key:${key.id}:spend:month`])).rows;
    expect(row).toEqual({ used: 0, leased: 0 });
    const [{ n }] = (await a.db.raw('SELECT count(*)::int AS n FROM gateway_usage WHERE key_id = ?', [key.id])).rows;
    expect(n).toBe(0);
  });
});

describe('rate limits', () => {
  it('600 requests per minute on two processes admits between 600 and 660', async () => {
    const key = await newKey({ name: 'rpm', limits: { requestsPerMinute: 600 } });
    let admitted = 0;
    let refused = 0;
    let next = 0;
    const worker = async () => {
      while (next < 700) {
        const i = next++;
        const res = await chat(i % 2 ? a : b, key.secret);
        if (res.status === 200) admitted++;
        else {
          expect(res.body.error.code).toBe('rate_limit_exceeded');
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
          refused++;
        }
      }
    };
    await Promise.all(Array.from({ length: 32 }, worker));
    expect(admitted + refused).toBe(700);
    expect(admitted).toBeGreaterThanOrEqual(600);
    expect(admitted).toBeLessThanOrEqual(660);
  });

  it('the x-ratelimit headers and Retry-After drive the official openai client', async () => {
    const key = await newKey({ name: 'sdk', limits: { requestsPerMinute: 2, tokensPerMinute: 100_000 } });
    // 50 ms before the minute turns.
    now = now - (now % 60_000) + 59_950;
    const seen: Array<{ status: number; headers: Headers }> = [];
    const client = new OpenAI({
      baseURL: `${a.gatewayUrl}/v1`,
      apiKey: key.secret,
      maxRetries: 2,
      fetch: async (url, init) => {
        const res = await fetch(url, init);
        seen.push({ status: res.status, headers: res.headers });
        // The client waits what the answer says; the gateway's clock moves past the window meanwhile.
        if (res.status === 429) now += 60_000;
        return res;
      },
    });
    const ask = () => client.chat.completions.create({ model: 'openai/gpt-4o-mini', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] });
    await ask();
    await ask();
    expect(seen[1]!.headers.get('x-ratelimit-limit-requests')).toBe('2');
    expect(seen[0]!.headers.get('x-ratelimit-remaining-requests')).toBe('1');
    expect(seen[1]!.headers.get('x-ratelimit-remaining-requests')).toBe('0');
    expect(seen[1]!.headers.get('x-ratelimit-reset-requests')).toMatch(/^\d+ms$/);
    expect(seen[1]!.headers.get('x-ratelimit-limit-tokens')).toBe('100000');
    const third = await ask();
    expect(third.choices[0]!.message.content).toContain('echo');
    expect(seen.map((s) => s.status)).toEqual([200, 200, 429, 200]);
    expect(Number(seen[2]!.headers.get('retry-after-ms'))).toBeLessThanOrEqual(50);
    expect(fake.requests).toHaveLength(3);
  });
});
