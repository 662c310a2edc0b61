// The request log, end to end: off unless the key, its team or the operator
// turns it on; bodies stored redacted (a stream as the answer it assembled);
// entries found through GET /api/llm/logs by text and by filter, a key's own
// only unless it is an admin; retention deletes what is older than its days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createGatewayKey, startTestService, type TestService } from './support.ts';
import type { Fake } from '../providers/testing/fake.ts';
import { startFake as startOpenAI } from '../providers/openai/fake.ts';
import { RequestLog } from '../core/requestLog.ts';

let service: TestService;
let openai: Fake;
let logged: { key: string; id: string };
let unlogged: { key: string; id: string };
let teamKey: { key: string; id: string };
let admin: { key: string; id: string };

const EMAIL = 'jane.doe@example.com';
const CARD = '4111 1111 1111 1111';

beforeAll(async () => {
  openai = await startOpenAI();
  service = await startTestService(['gateway'], { OPENAI_BASE_URL: openai.url, OPENAI_API_KEY: 'sk-fake-openai', GATEWAY_REQUEST_LOG: 'off' });
  logged = await createGatewayKey(service.db, 'logged');
  unlogged = await createGatewayKey(service.db, 'unlogged');
  teamKey = await createGatewayKey(service.db, 'in a logged team');
  admin = await createGatewayKey(service.db, 'admin');
  // The first admin comes from the CLI; the rest is set through the admin API, as an operator would.
  await service.db('gateway_keys').where({ id: admin.id }).update({ role: 'admin' });
  service.deps.gatewayAuth!.clear();
  const asAdmin = (method: string, path: string, body: unknown) =>
    fetch(`${service.gatewayUrl}/api/llm/admin/${path}`, { method, headers: { authorization: `Bearer ${admin.key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const keyChanged = await asAdmin('PATCH', `keys/${logged.id}`, { requestLog: true, tags: ['support', 'eu'] });
  expect(keyChanged.status).toBe(200);
  expect((await keyChanged.json()).data).toMatchObject({ requestLog: true, tags: ['support', 'eu'] });
  const teamMade = await asAdmin('POST', 'teams', { name: 'audited', requestLog: true });
  expect(teamMade.status).toBe(201);
  const team = (await teamMade.json()).data;
  expect(team.requestLog).toBe(true);
  expect((await asAdmin('PATCH', `keys/${teamKey.id}`, { teamId: team.id })).status).toBe(200);
  expect((await service.db('gateway_keys').where({ id: unlogged.id }).first()).request_log).toBeNull();
  // Every process hears of a key or team change through PostgreSQL; this one need not wait for it.
  service.deps.gatewayAuth!.clear();
  service.deps.gateway!.requestLog.clear();
});

afterAll(async () => {
  await service?.close();
  await openai?.close();
});

async function chat(key: string, content: string, extra: Record<string, unknown> = {}): Promise<Response> {
  return fetch(`${service.gatewayUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content }], ...extra }),
  });
}

/** The log's rows for a key once `count` are written (the log writes after the answer, in batches). */
async function rowsOf(keyId: string, count: number): Promise<any[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await service.deps.gateway!.requestLog.flush();
    const rows = await service.db('gateway_request_log').where({ key_id: keyId }).orderBy('id');
    if (rows.length >= count || Date.now() > deadline) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('what is logged', () => {
  it('stores a call of a key with the log on, its email and card number redacted in both bodies', async () => {
    const res = await chat(logged.key, `Write to ${EMAIL}, card ${CARD}.`);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as any;
    // The caller's answer is untouched: redaction is of what is stored.
    expect(answer.choices[0].message.content).toContain(EMAIL);
    const [row] = await rowsOf(logged.id, 1);
    expect(row).toMatchObject({ status: 200, method: 'POST', path: '/v1/chat/completions', operation: 'createChatCompletion', provider: 'openai', model: 'gpt-4o-mini', tags: ['support', 'eu'] });
    expect(row.request_id).toBe(res.headers.get('x-request-id'));
    expect(row.input_tokens).toBeGreaterThan(0);
    expect(row.latency_ms).toBeGreaterThan(0);
    for (const body of [row.request_body, row.response_body]) {
      expect(body).toContain('[EMAIL]');
      expect(body).toContain('[CREDIT_CARD]');
      expect(body).not.toContain(EMAIL);
      expect(body).not.toContain(CARD);
    }
    expect(row.redactions).toEqual({ email: 2, credit_card: 2 });
  });

  it('stores a stream as the answer it assembled, and a refused call with its error code', async () => {
    const res = await chat(logged.key, 'stream me please', { stream: true });
    expect(await res.text()).toContain('[DONE]');
    const bad = await chat(logged.key, 'x', { model: 'openai/gpt-4o-mini', temperature: 9 });
    expect(bad.status).toBe(400);
    const rows = await rowsOf(logged.id, 3);
    const streamed = rows.find((r) => r.request_body?.includes('stream me please'));
    expect(JSON.parse(streamed.response_body)).toMatchObject({ streamed: true, content: 'echo: stream me please', finishReason: 'stop' });
    const refused = rows.find((r) => r.status === 400);
    expect(refused.error_code).toBeTruthy();
    expect(refused.response_body).toContain(refused.error_code);
  });

  it('logs a key whose team has it on, and nothing of a key with it off', async () => {
    expect((await chat(teamKey.key, 'team call')).status).toBe(200);
    expect((await chat(unlogged.key, 'private call')).status).toBe(200);
    expect(await rowsOf(teamKey.id, 1)).toHaveLength(1);
    await service.deps.gateway!.requestLog.flush();
    expect(await service.db('gateway_request_log').where({ key_id: unlogged.id })).toHaveLength(0);
  });

  it('keeps media as a reference and cuts a body at the cap', () => {
    const requestLog = new RequestLog({ db: service.db, log: pino({ level: 'silent' }), env: { GATEWAY_REQUEST_LOG_MAX_BODY_BYTES: '200' } });
    const image = `data:image/png;base64,${Buffer.alloc(3000, 7).toString('base64')}`;
    const row = requestLog.entry({
      requestId: 'req_1',
      method: 'POST',
      path: '/v1/chat/completions',
      status: 200,
      latencyMs: 1,
      request: { messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: image } }] }] },
      response: { text: 'é'.repeat(300) },
    });
    expect(row.requestBody).toMatch(/\[media image\/png, 3000 bytes, sha256:[0-9a-f]{16}\]/);
    expect(row.requestTruncated).toBe(false);
    expect(row.responseTruncated).toBe(true);
    expect(Buffer.byteLength(row.responseBody!)).toBeLessThanOrEqual(200);
    expect(row.responseBody!.endsWith('é')).toBe(true);
  });
});

async function logs(key: string, query: Record<string, string | number>): Promise<{ status: number; body: any }> {
  const res = await fetch(`${service.gatewayUrl}/api/llm/logs?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  return { status: res.status, body: await res.json() };
}

describe('GET /api/llm/logs', () => {
  it('finds the redacted call by text in its bodies and by filters, with its request and trace ids', async () => {
    const byText = await logs(logged.key, { q: 'write to [email]' });
    expect(byText.status).toBe(200);
    expect(byText.body.data.entries).toHaveLength(1);
    const entry = byText.body.data.entries[0];
    expect(entry).toMatchObject({ keyId: logged.id, status: 200, provider: 'openai', model: 'gpt-4o-mini', tags: ['support', 'eu'], redactions: { email: 2, credit_card: 2 } });
    expect(entry).toHaveProperty('traceId', null);
    expect(entry.requestBody).toContain('[CREDIT_CARD]');
    // The value itself was never stored, so it cannot be found.
    expect((await logs(logged.key, { q: EMAIL })).body.data.entries).toHaveLength(0);
    const filtered = await logs(logged.key, { tag: 'support', model: 'gpt-4o-mini', provider: 'openai', status: 200, minLatencyMs: 0, from: '2020-01-01T00:00:00Z' });
    expect(filtered.body.data.entries.map((e: any) => e.id)).toContain(entry.id);
    const refused = await logs(logged.key, { status: 400 });
    expect(refused.body.data.entries).toHaveLength(1);
    const code = refused.body.data.entries[0].errorCode;
    expect((await logs(logged.key, { errorCode: code })).body.data.entries).toHaveLength(1);
    expect((await logs(logged.key, { minCost: 1000 })).body.data.entries).toHaveLength(0);
    expect((await logs(logged.key, { to: '2020-01-01T00:00:00Z' })).body.data.entries).toHaveLength(0);
  });

  it('pages by cursor, newest first', async () => {
    const first = await logs(logged.key, { limit: 2 });
    expect(first.body.data.entries).toHaveLength(2);
    expect(first.body.data.nextCursor).toBe(first.body.data.entries[1].id);
    const second = await logs(logged.key, { limit: 2, cursor: first.body.data.nextCursor });
    expect(second.body.data.entries).toHaveLength(1);
    expect(second.body.data.nextCursor).toBeNull();
    const ids = [...first.body.data.entries, ...second.body.data.entries].map((e: any) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await logs(logged.key, { cursor: 'abc' })).status).toBe(400);
  });

  it('shows a key its own entries only; an admin every key', async () => {
    expect((await logs(teamKey.key, { keyId: logged.id })).body.data.entries).toHaveLength(0);
    expect((await logs(teamKey.key, {})).body.data.entries.every((e: any) => e.keyId === teamKey.id)).toBe(true);
    const all = await logs(admin.key, { limit: 200 });
    expect(new Set(all.body.data.entries.map((e: any) => e.keyId))).toEqual(new Set([logged.id, teamKey.id]));
    expect((await logs(admin.key, { keyId: logged.id })).body.data.entries).toHaveLength(3);
    expect((await fetch(`${service.gatewayUrl}/api/llm/logs`)).status).toBe(401);
  });
});

describe('retention', () => {
  it('deletes the entries older than the retention days, as of the clock it is given', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const requestLog = new RequestLog({ db: service.db, log: pino({ level: 'silent' }), env: { GATEWAY_REQUEST_LOG_RETENTION_DAYS: '7', GATEWAY_REQUEST_LOG: 'on' }, clock: () => now });
    const call = (requestId: string) => ({ keyId: admin.id, requestId, method: 'POST', path: '/v1/chat/completions', status: 200, latencyMs: 1, request: { q: requestId }, response: {} });
    const write = async (requestId: string) => {
      requestLog.observe(call(requestId));
      // The key's setting is looked up first, then the entry queued: wait for the row.
      for (let i = 0; i < 500 && !(await service.db('gateway_request_log').where({ request_id: requestId }).first()); i++) {
        await requestLog.flush();
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    await write('req_old');
    now = new Date('2026-01-05T00:00:00Z');
    await write('req_recent');
    now = new Date('2026-01-09T00:00:00Z');
    expect(await requestLog.purge()).toBe(1);
    const left = await service.db('gateway_request_log').whereIn('request_id', ['req_old', 'req_recent']).pluck('request_id');
    expect(left).toEqual(['req_recent']);
  });
});
