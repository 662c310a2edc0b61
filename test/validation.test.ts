// Every surface rejects a malformed body, an unknown enum value and an
// out-of-range number before any handler runs, each in its own protocol's
// error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayKey, startTestService, type TestService } from './support.ts';

let service: TestService;
let gatewayKey: string;
let analyticsKey: string;

beforeAll(async () => {
  service = await startTestService(['gateway', 'analytics'], { ANALYTICS_INVITE_CODES: 'validation-invite', OPENAI_API_KEY: 'sk-unused' });
  gatewayKey = (await createGatewayKey(service.db)).key;
  const created = await fetch(`${service.analyticsUrl}/v1/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ inviteCode: 'validation-invite', name: 'Validation', domains: ['validation.example'] }),
  });
  analyticsKey = ((await created.json()) as { apiKey: string }).apiKey;
});

afterAll(() => service?.close());

async function send(base: string, path: string, init: { method?: string; body?: string; headers?: Record<string, string> }) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const chat = { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };
const message = { model: 'anthropic/claude-sonnet-4-5', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] };

describe('native envelope: { success: false, message, code, errors }', () => {
  const post = (body: string) => send(service.gatewayUrl!, '/api/llm/complete', { body, headers: { authorization: `Bearer ${gatewayKey}` } });
  const native = (extra: object) => JSON.stringify({ provider: 'openai', messages: [{ role: 'user', content: 'hi' }], ...extra });

  it.each([
    ['a body that is not JSON', '{"provider":', 'invalid_json'],
    ['an unknown enum value', native({ responseFormat: 'yaml' }), 'invalid_request'],
    ['an out-of-range number', native({ topP: 1.5 }), 'invalid_request'],
  ])('rejects %s', async (_what, body, code) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code });
    expect(typeof res.body.message).toBe('string');
  });

  it('names each offending field', async () => {
    const res = await post(native({ topP: 1.5, responseFormat: 'yaml' }));
    expect(res.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['body.responseFormat', 'body.topP']);
  });
});

describe('OpenAI shape on /v1/chat/completions, /v1/responses, /v1/embeddings', () => {
  const post = (path: string, body: string) => send(service.gatewayUrl!, path, { body, headers: { authorization: `Bearer ${gatewayKey}` } });
  it.each([
    ['/v1/chat/completions', 'not json', undefined],
    ['/v1/chat/completions', JSON.stringify({ ...chat, response_format: { type: 'yaml' } }), 'response_format.type'],
    ['/v1/chat/completions', JSON.stringify({ ...chat, temperature: 2.5 }), 'temperature'],
    ['/v1/responses', JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'hi', tool_choice: 'sometimes' }), 'tool_choice'],
    ['/v1/responses', JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'hi', top_p: -1 }), 'top_p'],
    ['/v1/embeddings', JSON.stringify({ model: 'openai/text-embedding-3-small', input: 'x', encoding_format: 'hex' }), 'encoding_format'],
    ['/v1/embeddings', JSON.stringify({ model: 'openai/text-embedding-3-small', input: 'x', dimensions: 0 }), 'dimensions'],
  ])('%s rejects %s', async (path, body, param) => {
    const res = await post(path, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error' });
    expect(typeof res.body.error.message).toBe('string');
    if (param) expect(res.body.error.param).toBe(param);
  });
});

describe('Anthropic shape on /v1/messages: { type: "error", error: { type, message } }', () => {
  const post = (body: string) => send(service.gatewayUrl!, '/v1/messages', { body, headers: { 'x-api-key': gatewayKey, 'anthropic-version': '2023-06-01' } });
  it.each([
    ['a body that is not JSON', 'nope'],
    ['an unknown enum value', JSON.stringify({ ...message, tool_choice: { type: 'sometimes' } })],
    ['an out-of-range number', JSON.stringify({ ...message, temperature: 1.5 })],
    ['a missing max_tokens', JSON.stringify({ model: message.model, messages: message.messages })],
  ])('rejects %s', async (_what, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
  });
});

describe('analytics shape: { error: { code, message } }', () => {
  const auth = () => ({ authorization: `Bearer ${analyticsKey}` });
  it.each([
    ['an unknown enum value', '/v1/stats/overview?window=1y'],
    ['an out-of-range number', '/v1/sessions?limit=500'],
    ['a number that is not one', '/v1/sessions?limit=many'],
  ])('rejects %s', async (_what, path) => {
    const res = await send(service.analyticsUrl!, path, { method: 'GET', headers: auth() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'bad_request' } });
    expect(typeof res.body.error.message).toBe('string');
  });

  it('rejects a malformed body', async () => {
    const res = await send(service.analyticsUrl!, '/v1/events', { body: '{"name":', headers: auth() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'bad_request' } });
  });
});
