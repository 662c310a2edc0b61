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
