// GET /api/llm/traffic on PostgreSQL: /v1 calls and queued native tasks counted with their failures
// (which write no usage row) by error code, latency percentiles, tokens and
// spend equal to the spend report's, who sees whose calls, and bad ranges.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFake as startOpenAI } from '../../providers/openai/fake.ts';
import type { Fake } from '../../providers/testing/fake.ts';
import { createGatewayKey, startTestService, type TestService } from '../../test/support.ts';
import { usageBatcher } from '../../core/usageBatch.ts';
import { latencyBucket, quantile, TrafficRecorder, trafficReport } from '../../core/console/traffic.ts';
import { taskCounting } from '../../server/middleware/traffic.ts';

let service: TestService;
let openai: Fake;
const keys: Record<'admin' | 'a' | 'b', { key: string; id: string }> = {} as never;
let team: string;
const today = () => new Date().toISOString().slice(0, 10);

async function get(key: string, path: string) {
  const res = await fetch(`${service.gatewayUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: res.status, body: await res.json() };
}
const chat = (key: string) =>
  fetch(`${service.gatewayUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'openai/gpt-4o-mini', max_tokens: 20, messages: [{ role: 'user', content: 'hi' }] }),
  }).then(async (r) => ({ status: r.status, body: await r.json() }));

beforeAll(async () => {
  openai = await startOpenAI();
  service = await startTestService(['gateway'], { OPENAI_BASE_URL: openai.url, OPENAI_API_KEY: 'sk-test' });
  const db = service.db;
  team = (await db('gateway_teams').insert({ name: 'traffic team' }).returning('id'))[0].id;
  keys.admin = await createGatewayKey(db, 'traffic admin');
  keys.a = await createGatewayKey(db, 'traffic a');
  keys.b = await createGatewayKey(db, 'traffic b');
  await db('gateway_keys').where({ id: keys.admin.id }).update({ role: 'admin' });
  await db('gateway_keys').where({ id: keys.a.id }).update({ team_id: team });
  await db('gateway_keys').where({ id: keys.b.id }).update({ allowed_models: ['anthropic/*'] });
});

afterAll(async () => {
  await service?.close();
  await openai?.close();
});

describe('GET /api/llm/traffic', () => {
  it('counts answered and failed /v1 calls by code, with latency, and the rollup\'s tokens and spend', async () => {
    for (let i = 0; i < 2; i++) expect((await chat(keys.a.key)).status).toBe(200);
    const refused = await chat(keys.b.key);
    expect(refused.status).toBe(403);
    await usageBatcher(service.db).flush();
    const day = today();
    const all = (await get(keys.admin.key, `/api/llm/traffic?from=${day}&to=${day}`)).body.data;
    expect(all.totals).toMatchObject({ requests: 3, errors: 1, errorsByCode: [{ code: refused.body.error.code, count: 1 }], calls: 2 });
    expect(all.totals.p50LatencyMs).toBeGreaterThan(0);
    expect(all.totals.p99LatencyMs).toBeGreaterThanOrEqual(all.totals.p50LatencyMs);
    const spend = (await get(keys.admin.key, `/api/llm/spend?from=${day}&to=${day}`)).body.data.totals;
    expect(all.totals).toMatchObject({ calls: spend.calls, inputTokens: spend.inputTokens, outputTokens: spend.outputTokens, totalTokens: spend.totalTokens, spend: spend.spend });
    expect(all.totals.spend).toBeGreaterThan(0);
    // The answered calls under the model they resolved to; the refused one under the model asked for, no provider chosen.
    expect(all.byModel.map((m: any) => [m.provider, m.model, m.requests, m.errors, m.calls])).toEqual([
      ['openai', 'gpt-4o-mini', 2, 0, 2],
      [null, 'openai/gpt-4o-mini', 1, 1, 0],
    ]);
    expect(all.days).toEqual([{ day, ...(({ errorsByCode: _c, ...rest }) => rest)(all.totals) }]);
    // Today and this month come with any range: here all of them are today's calls.
    expect(all.today).toEqual({ day, ...all.totals });
    expect(all.month).toEqual({ from: `${day.slice(0, 8)}01`, to: day, ...all.totals });
    const past = (await get(keys.admin.key, '/api/llm/traffic?from=2025-01-01&to=2025-01-31')).body.data;
    expect([past.totals.requests, past.today, past.month.requests]).toEqual([0, all.today, 3]);
    // The other 29 days of the default range are there, empty.
    const month = (await get(keys.admin.key, '/api/llm/traffic')).body.data;
    expect(month.days).toHaveLength(30);
    expect(month.days.filter((d: any) => d.requests > 0).map((d: any) => d.day)).toEqual([day]);
  });

  it('shows a key that is not an admin its own calls only', async () => {
    const day = today();
    const a = (await get(keys.a.key, `/api/llm/traffic?from=${day}&to=${day}`)).body.data.totals;
    expect(a).toMatchObject({ requests: 2, errors: 0, errorsByCode: [], calls: 2 });
    const b = (await get(keys.b.key, `/api/llm/traffic?from=${day}&to=${day}`)).body.data.totals;
    expect(b).toMatchObject({ requests: 1, errors: 1, calls: 0, spend: 0 });
    // A team's view (a member's console session): its keys' calls, counted under that team when they were made.
    const teamView = (await trafficReport(service.db, { teamId: team }, { from: day, to: day }, Date.now())).totals;
    expect(teamView).toMatchObject({ requests: 2, errors: 0, calls: 2 });
  });

  it('counts a queued native task when it ends: a failed one under its errorCode, with its latency, in its key\'s team too', async () => {
    const day = today();
    const queued = await createGatewayKey(service.db, 'traffic queued');
    await service.db('gateway_keys').where({ id: queued.id }).update({ team_id: team });
    const before = (await get(keys.admin.key, `/api/llm/traffic?from=${day}&to=${day}`)).body.data.totals;
    openai.script({ text: 'queued fine' }, { status: 400, body: { error: { message: 'bad things', type: 'invalid_request_error' } } });
    const submit = () =>
      fetch(`${service.gatewayUrl}/api/llm/complete`, {
        method: 'POST',
        headers: { authorization: `Bearer ${queued.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ provider: 'openai', messages: [{ role: 'user', content: 'queued' }] }),
      }).then(async (r) => (await r.json()).data.queueId as string);
    // One after the other, so each takes its own scripted answer.
    const ended = async (queueId: string) => {
      for (;;) {
        const res = await fetch(`${service.gatewayUrl}/api/llm/queue/status`, {
          method: 'POST', headers: { authorization: `Bearer ${queued.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ queueId }),
        });
        const status = (await res.json()).data.status;
        if (status !== 'queued' && status !== 'processing') return status;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    expect(await ended(await submit())).toBe('completed');
    const failedId = await submit();
    expect(await ended(failedId)).toBe('error');
    const code = (await service.db('gateway_tasks').where({ id: failedId }).first()).error.code;
    expect(code).toEqual(expect.any(String));
    // A task's end is counted just after it is written: wait for it to be there rather than race it.
    let mine: any;
    for (;;) {
      mine = (await get(queued.key, `/api/llm/traffic?from=${day}&to=${day}`)).body.data;
      if (mine.totals.requests >= 2) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(mine.totals).toMatchObject({ requests: 2, errors: 1, errorsByCode: [{ code, count: 1 }] });
    expect(mine.totals.p50LatencyMs).toBeGreaterThan(0);
    expect(mine.byModel.map((m: any) => [m.provider, m.requests, m.errors])).toEqual([['openai', 2, 1]]);
    const all = (await get(keys.admin.key, `/api/llm/traffic?from=${day}&to=${day}`)).body.data.totals;
    expect([all.requests - before.requests, all.errors - before.errors]).toEqual([2, 1]);
    expect(all.errorsByCode).toContainEqual({ code, count: (before.errorsByCode.find((c: any) => c.code === code)?.count ?? 0) + 1 });
    const teamView = (await trafficReport(service.db, { teamId: team }, { from: day, to: day }, Date.now())).totals;
    expect(teamView).toMatchObject({ requests: 4, errors: 1, errorsByCode: [{ code, count: 1 }] });
  });

  it('leaves out a task a /v1 call waits on: that call is what counts', async () => {
    const day = today();
    const recorder = new TrafficRecorder(service.db);
    const key = await createGatewayKey(service.db, 'traffic media');
    const ended = taskCounting(recorder, () => Date.parse(`${day}T12:00:01Z`));
    const task = (request: unknown) => ({ id: crypto.randomUUID(), key_id: key.id, kind: 'image', provider: 'openai', model: 'gpt-image-1', request, created_at: new Date(`${day}T12:00:00Z`) }) as never;
    ended(task({ surface: 'images.generations', request: {} }), { status: 'error', error: { code: 'provider_error', message: 'x' } });
    ended(task({ prompt: 'a native one' }), { status: 'error', error: { code: 'provider_error', message: 'x' } });
    await recorder.stop();
    const mine = await trafficReport(service.db, { keyId: key.id }, { from: day, to: day }, Date.now());
    expect(mine.totals).toMatchObject({ requests: 1, errors: 1, errorsByCode: [{ code: 'provider_error', count: 1 }] });
    // A second from submit to end: within the bucket that holds it.
    expect(mine.totals.p50LatencyMs).toBeGreaterThan(1000 / 1.25);
    expect(mine.totals.p50LatencyMs).toBeLessThanOrEqual(1000 * 1.25);
  });

  it('refuses a reversed or too long range in the native error shape', async () => {
    expect(await get(keys.admin.key, '/api/llm/traffic?from=2026-11-02&to=2026-11-01')).toEqual({ status: 400, body: expect.objectContaining({ success: false, code: 'invalid_range' }) });
    expect(await get(keys.admin.key, '/api/llm/traffic?from=2024-01-01&to=2026-11-01')).toEqual({ status: 400, body: expect.objectContaining({ success: false, code: 'range_too_large' }) });
    expect((await get(keys.admin.key, '/api/llm/traffic?from=2026-02-30')).status).toBe(400);
  });
});

describe('latency buckets', () => {
  it('puts each latency in the bucket whose bound holds it and reads quantiles back within the bucket', () => {
    expect([0, 1, 1.2, 1.25, 1.26, 100].map(latencyBucket)).toEqual([0, 0, 1, 1, 2, 21]);
    // 100 calls at 100 ms (bucket 21: 1.25^20 to 1.25^21 ms, 86.7 to 108.4): both quantiles inside that bucket.
    const h = new Map([[latencyBucket(100), 100]]);
    for (const q of [0.5, 0.99]) {
      expect(quantile(h, q)).toBeGreaterThan(1.25 ** 20);
      expect(quantile(h, q)).toBeLessThanOrEqual(1.25 ** 21);
    }
    // 98 fast calls and 2 slow ones: p50 among the fast, p99 among the slow.
    const mixed = new Map([[latencyBucket(10), 98], [latencyBucket(5000), 2]]);
    expect(quantile(mixed, 0.5)).toBeLessThan(11);
    expect(quantile(mixed, 0.99)).toBeGreaterThan(4000);
    expect(quantile(new Map(), 0.5)).toBeNull();
  });
});
