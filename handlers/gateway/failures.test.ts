// What a new operator meets first when a call goes wrong: a base URL written
// without /v1 still works, a failed task says why on its status, the provider's
// failure is in the log once, without the key and without a stack, a caller's
// mistake is not logged as a server error, and a model missing from the price
// catalogue is marked and warned about once.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFake as startOpenAI } from '../../providers/openai/fake.ts';
import type { Fake } from '../../providers/testing/fake.ts';
import { capturingLogger, createGatewayKey, startTestService, type TestService } from '../../test/support.ts';

let service: TestService;
let openai: Fake;
let key: string;
const captured = capturingLogger('info');

beforeAll(async () => {
  openai = await startOpenAI();
  service = await startTestService(
    ['gateway'],
    {
      // As users write it for a local OpenAI-compatible server: no /v1, a trailing slash.
      OPENAI_BASE_URL: `${new URL(openai.url).origin}/`,
      OPENAI_API_KEY: 'sk-test-operator-secret-0123456789',
      ANTHROPIC_API_KEY: undefined,
    },
    { log: captured.log },
  );
  key = (await createGatewayKey(service.db, 'failures-test')).key;
});

afterAll(async () => {
  await service?.close();
  await openai?.close();
});

async function call(path: string, body: unknown): Promise<Response> {
  return fetch(`${service.gatewayUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function ended(queueId: string): Promise<Record<string, any>> {
  for (;;) {
    const status = (await (await call('/api/llm/queue/status', { queueId })).json()).data;
    if (!['queued', 'processing'].includes(status.status)) return status;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const errorsLogged = () => captured.lines.filter((l) => l.level >= 50);

describe('first calls that go wrong', () => {
  test('OPENAI_BASE_URL without /v1 reaches the provider at /v1', async () => {
    const submitted = await (await call('/api/llm/complete', { provider: 'openai', model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] })).json();
    expect((await ended(submitted.data.queueId)).status).toBe('completed');
    expect(openai.requests.at(-1)!.path).toBe('/v1/chat/completions');
  });

  test('a failed task says why on its status; the log has one warning naming the provider, without the key or a stack', async () => {
    openai.script({
      status: 404,
      body: { error: { message: 'The model gpt-9 does not exist. Incorrect API key provided: sk-test-operator-secret-0123456789', code: 'model_not_found' } },
    });
    const submitted = await (await call('/api/llm/complete', { provider: 'openai', model: 'gpt-9', messages: [{ role: 'user', content: 'hi' }] })).json();
    const status = await ended(submitted.data.queueId);
    expect(status).toMatchObject({ status: 'error', errorCode: 'upstream_rejected', position: 0 });
    expect(status.error).toContain('openai answered HTTP 404');
    expect(status.error).toContain('Incorrect API key provided: sk-…');
    expect(status.error).not.toContain('operator-secret');
    expect(status.finishedAt).toEqual(expect.any(String));

    const warned = captured.lines.filter((l) => l.msg?.startsWith('upstream failure'));
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ level: 40, provider: 'openai', code: 'upstream_rejected', status: 404, taskId: submitted.data.queueId });
    expect(warned[0]!.err).toBeUndefined();
    expect(JSON.stringify(captured.lines)).not.toContain('operator-secret');
    expect(errorsLogged()).toEqual([]);
  });

  test('/v1: an upstream 5xx is one warning; a caller\'s mistakes (400, 503 provider_not_configured) are not logged as errors', async () => {
    openai.script({ status: 500, body: { error: { message: 'boom' } } }, { status: 500 }, { status: 500 });
    const failed = await call('/v1/chat/completions', { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    expect(failed.status).toBe(502);
    const unconfigured = await call('/v1/chat/completions', { model: 'anthropic/claude-sonnet-4-5', messages: [{ role: 'user', content: 'hi' }] });
    expect(unconfigured.status).toBe(503);
    expect((await unconfigured.json()).error.code).toBe('provider_not_configured');
    const invalid = await call('/api/llm/complete', { provider: 'openai', messages: [] });
    expect(invalid.status).toBe(400);

    expect(captured.lines.filter((l) => l.msg?.startsWith('upstream failure') && l.status === 500)).toHaveLength(1);
    expect(captured.lines.some((l) => JSON.stringify(l).includes('provider_not_configured'))).toBe(false);
    expect(errorsLogged()).toEqual([]);
  });

  test('a model missing from the price catalogue is billed 0 marked unpriced, and warned about once', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await call('/v1/chat/completions', { model: 'openai/gpt-4o-mini-uncatalogued', messages: [{ role: 'user', content: 'hi' }] });
      expect(res.status).toBe(200);
      expect((await res.json()).cost).toEqual({ customerPrice: 0, currency: 'USD', billing: 'metered', unpriced: true });
    }
    const submitted = await (await call('/api/llm/complete', { provider: 'openai', model: 'gpt-4o-mini-uncatalogued', messages: [{ role: 'user', content: 'hi' }] })).json();
    expect((await ended(submitted.data.queueId)).status).toBe('completed');
    const result = (await (await call('/api/llm/queue/result', { queueId: submitted.data.queueId })).json()).data.result;
    expect(result.cost.unpriced).toBe(true);
    const warnings = captured.lines.filter((l) => l.msg?.startsWith('model missing from the price catalogue'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, provider: 'openai', model: 'gpt-4o-mini-uncatalogued' });
    // A catalogued model is not marked.
    const priced = await (await call('/v1/chat/completions', { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] })).json();
    expect(priced.cost.unpriced).toBeUndefined();
    expect(priced.cost.customerPrice).toBeGreaterThan(0);
  });
});
