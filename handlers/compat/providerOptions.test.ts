// Azure OpenAI and OpenRouter's per-request routing preferences through /v1,
// end to end: the gateway against the loopback fakes of each wire format.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGatewayKey, startTestService, type TestService } from '../../test/support.ts';
import type { Fake } from '../../providers/testing/fake.ts';
import { startFake as startAzure } from '../../providers/azure/fake.ts';
import { startFake as startOpenRouter } from '../../providers/openrouter/fake.ts';
import { startFake as startOpenAI } from '../../providers/openai/fake.ts';

let service: TestService;
let key: string;
let azure: Fake;
let openrouter: Fake;
let openai: Fake;

beforeAll(async () => {
  [azure, openrouter, openai] = await Promise.all([startAzure({ deployments: ['chat-mini', 'embed'] }), startOpenRouter(), startOpenAI()]);
  service = await startTestService(['gateway'], {
    AZURE_OPENAI_ENDPOINT: azure.url,
    AZURE_OPENAI_API_KEY: 'sk-test',
    AZURE_OPENAI_DEPLOYMENTS: '{"gpt-4o-mini":"chat-mini","text-embedding-3-small":"embed"}',
    OPENROUTER_BASE_URL: openrouter.url,
    OPENROUTER_API_KEY: 'sk-or-fake',
    OPENROUTER_PROVIDER_PREFERENCES: '{"data_collection":"deny","order":["anthropic"]}',
    OPENAI_BASE_URL: openai.url,
    OPENAI_API_KEY: 'sk-fake-openai',
  });
  ({ key } = await createGatewayKey(service.db, 'provider-options'));
});

afterAll(async () => {
  await service?.close();
  await Promise.all([azure?.close(), openrouter?.close(), openai?.close()]);
});

beforeEach(() => {
  for (const fake of [azure, openrouter, openai]) fake.requests.length = 0;
});

function post(path: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${service.gatewayUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const hello = [{ role: 'user', content: 'hello' }];

describe('azure', () => {
  it('chat, a streamed chat, responses and embeddings reach the deployments, model named as sent', async () => {
    const chat = await post('/v1/chat/completions', { model: 'azure/gpt-4o-mini', messages: hello });
    expect(chat.status).toBe(200);
    expect(await chat.json()).toMatchObject({ model: 'azure/gpt-4o-mini', choices: [{ message: { content: 'echo: hello' } }] });
    const streamed = await post('/v1/chat/completions', { model: 'azure/gpt-4o-mini', messages: hello, stream: true });
    expect(await streamed.text()).toContain('"content":"hello"');
    const response = await post('/v1/responses', { model: 'azure/gpt-4o-mini', input: 'hello' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'completed', output: [{ content: [{ text: 'echo: hello' }] }] });
    const embedded = await post('/v1/embeddings', { model: 'azure/text-embedding-3-small', input: ['a', 'b'] });
    expect(embedded.status).toBe(200);
    expect(((await embedded.json()) as any).data).toHaveLength(2);
    expect(azure.requests.map((r) => [r.path, r.body.model, r.headers['api-key']])).toEqual([
      ['/openai/v1/chat/completions', 'chat-mini', 'sk-test'],
      ['/openai/v1/chat/completions', 'chat-mini', 'sk-test'],
      ['/openai/v1/chat/completions', 'chat-mini', 'sk-test'],
      ['/openai/v1/embeddings', 'embed', 'sk-test'],
    ]);
  });

  it("a prompt Azure's content filter refuses answers 400 content_filter, once", async () => {
    const res = await post('/v1/chat/completions', { model: 'azure/gpt-4o-mini', messages: [{ role: 'user', content: 'FORBIDDEN words' }] });
    expect(res.status).toBe(400);
    const body = (await res.json()) as any;
    expect(body.error).toMatchObject({ type: 'invalid_request_error', code: 'content_filter', param: 'messages' });
    expect(body.error.message).toContain('violence');
    expect(azure.requests).toHaveLength(1);
  });
});

describe('openrouter provider preferences', () => {
  it("the request's provider object goes upstream, joined with the operator's", async () => {
    const res = await post('/v1/chat/completions', {
      model: 'openrouter/anthropic/claude-sonnet-4.5',
      messages: hello,
      provider: { order: ['amazon-bedrock'], allow_fallbacks: false, data_collection: 'allow', sort: 'latency' },
    });
    expect(res.status).toBe(200);
    expect(openrouter.requests[0]!.body.provider).toEqual({ order: ['amazon-bedrock'], allow_fallbacks: false, data_collection: 'deny', sort: 'latency' });
  });

  it('a field OpenRouter does not document is a 400 naming it; another provider refuses the object', async () => {
    const typo = await post('/v1/chat/completions', { model: 'openrouter/anthropic/claude-sonnet-4.5', messages: hello, provider: { orderr: ['x'] } });
    expect(typo.status).toBe(400);
    expect(JSON.stringify(await typo.json())).toContain('orderr');
    const elsewhere = await post('/v1/chat/completions', { model: 'openai/gpt-4o-mini', messages: hello, provider: { order: ['x'] } });
    expect(elsewhere.status).toBe(400);
    expect(((await elsewhere.json()) as any).error).toMatchObject({ code: 'capability_not_supported' });
    expect(openrouter.requests).toHaveLength(0);
    expect(openai.requests).toHaveLength(0);
  });
});
