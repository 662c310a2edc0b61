// The native queued API end to end: real PostgreSQL, real pg-boss, real HTTP,
// providers on their loopback fakes, called through the generated SDK.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../generated/gateway/client/index.ts';
import * as sdk from '../../generated/gateway/sdk.gen.ts';
import { startFake as startOpenAI } from '../../providers/openai/fake.ts';
import { startFake as startAnthropic } from '../../providers/anthropic/fake.ts';
import type { Fake } from '../../providers/testing/fake.ts';
import { createGatewayKey, startTestService, type TestService } from '../../test/support.ts';
import { readSse, type SseEvent } from '../../test/sse.ts';

let service: TestService;
let openai: Fake;
let anthropic: Fake;
let client: Client;
let other: Client;
let key: string;

function clientFor(apiKey: string): Client {
  return createClient({ baseUrl: service.gatewayUrl!, headers: { authorization: `Bearer ${apiKey}` } });
}

async function waitForResult(queueId: string, c = client, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await sdk.getQueueResult({ client: c, body: { queueId } });
    if (res.response!.status !== 202) return res;
    if (Date.now() > deadline) throw new Error(`task ${queueId} did not finish`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function stream(queueId: string): Promise<SseEvent[]> {
  const res = await fetch(`${service.gatewayUrl}/api/llm/queue/stream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ queueId }),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  return readSse(res);
}

beforeAll(async () => {
  [openai, anthropic] = await Promise.all([startOpenAI(), startAnthropic()]);
  service = await startTestService(['gateway'], {
    OPENAI_BASE_URL: openai.url,
    OPENAI_API_KEY: 'sk-test',
    ANTHROPIC_BASE_URL: anthropic.url,
    ANTHROPIC_API_KEY: 'sk-ant-test',
    GEMINI_API_KEY: undefined,
  });
  key = (await createGatewayKey(service.db, 'queue-test')).key;
  client = clientFor(key);
  other = clientFor((await createGatewayKey(service.db, 'someone-else')).key);
});

afterAll(async () => {
  await service?.close();
  await Promise.all([openai?.close(), anthropic?.close()]);
});

describe('submit, status and result', () => {
  it('queues at once and completes with content, usage and cost', async () => {
    openai.script({ text: 'Hello from the fake' });
    const submitted = await sdk.submitCompletion({
      client,
      body: { provider: 'openai', model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], tag: 'greeting', service: 'tests' },
    });
    expect(submitted.response!.status).toBe(200);
    expect(submitted.data).toMatchObject({ success: true, data: { status: 'queued' } });
    const queueId = submitted.data!.data.queueId;

    const done = await waitForResult(queueId);
    expect(done.response!.status).toBe(200);
    const result = (done.data as any).data.result;
    expect(result).toMatchObject({ content: 'Hello from the fake', finishReason: 'stop', provider: 'openai', model: 'gpt-4o' });
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.cost).toMatchObject({ currency: 'USD', billing: 'metered' });
    expect(result.cost.customerPrice).toBeGreaterThan(0);

    const status = await sdk.getQueueStatus({ client, body: { queueId } });
    expect(status.data!.data).toMatchObject({ queueId, status: 'completed', position: 0 });
    expect(Date.parse(status.data!.data.startedAt!)).toBeGreaterThanOrEqual(Date.parse(status.data!.data.createdAt));
  });

  it('hides a task from every key but its owner', async () => {
    const submitted = await sdk.submitCompletion({ client, body: { provider: 'openai', messages: [{ role: 'user', content: 'mine' }] } });
    const queueId = submitted.data!.data.queueId;
    for (const call of [sdk.getQueueStatus, sdk.getQueueResult, sdk.cancelQueueTask]) {
      const res = await call({ client: other, body: { queueId } });
      expect(res.response!.status).toBe(404);
      expect(res.error).toMatchObject({ success: false, code: 'not_found' });
    }
  });

  it('refuses options the provider cannot honour before queueing', async () => {
    const res = await sdk.submitCompletion({
      client,
      body: { provider: 'openai', messages: [{ role: 'user', content: [{ type: 'video', data: 'AAAA', mimeType: 'video/mp4' }] }] },
    });
    expect(res.response!.status).toBe(400);
    expect(res.error).toMatchObject({ success: false, code: 'unsupported_option' });
    expect((res.error as any).message).toMatch(/openai does not support video/i);
  });

  it('names the missing setting for an unconfigured provider', async () => {
    const res = await sdk.submitCompletion({ client, body: { provider: 'gemini', messages: [{ role: 'user', content: 'x' }] } });
    expect(res.response!.status).toBe(503);
    expect(res.error).toMatchObject({ code: 'provider_not_configured' });
    expect((res.error as any).message).toContain('GEMINI_API_KEY');
  });

  it('rejects an out-of-range number and an unknown enum value in the envelope shape', async () => {
    const bad = await sdk.submitCompletion({ client, body: { provider: 'openai', messages: [{ role: 'user', content: 'x' }], temperature: 3 } });
    expect(bad.response!.status).toBe(400);
    expect(bad.error).toMatchObject({ success: false, code: 'invalid_request' });
    const unknown = await sdk.submitCompletion({ client, body: { provider: 'nobody' as never, messages: [{ role: 'user', content: 'x' }] } });
    expect(unknown.response!.status).toBe(400);
  });

  it('reports an upstream failure as a task error that names the provider', async () => {
    openai.script({ status: 400, body: { error: { message: 'bad things', type: 'invalid_request_error' } } });
    const submitted = await sdk.submitCompletion({ client, body: { provider: 'openai', messages: [{ role: 'user', content: 'x' }] } });
    const res = await waitForResult(submitted.data!.data.queueId);
    expect(res.response!.status).toBe(409);
    expect(res.error).toMatchObject({ code: 'task_failed' });
    expect((res.error as any).message).toMatch(/openai answered HTTP 400.*bad things/);
  });
});

describe('tool calling', () => {
  it('runs a multi-turn tool round trip on anthropic', async () => {
    anthropic.script({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris"}', id: 'toolu_01' }] }, { text: 'It is sunny in Paris.' });
    const tools = [{ type: 'function' as const, function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];
    const first = await sdk.submitCompletion({
      client,
      body: { provider: 'anthropic', model: 'claude-sonnet-4-5', maxTokens: 200, tools, messages: [{ role: 'user', content: 'Weather in Paris?' }] },
    });
    const r1 = (await waitForResult(first.data!.data.queueId)).data as any;
    expect(r1.data.result.finishReason).toBe('tool_calls');
    const call = r1.data.result.toolCalls[0];
    expect(call).toMatchObject({ id: 'toolu_01', type: 'function', function: { name: 'get_weather' } });
    expect(JSON.parse(call.function.arguments)).toEqual({ city: 'Paris' });

    const second = await sdk.submitCompletion({
      client,
      body: {
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
        maxTokens: 200,
        tools,
        messages: [
          { role: 'user', content: 'Weather in Paris?' },
          { role: 'assistant', content: '', toolCalls: [call] },
          { role: 'tool', toolCallId: call.id, content: '{"sky":"clear"}' },
        ],
      },
    });
    const r2 = (await waitForResult(second.data!.data.queueId)).data as any;
    expect(r2.data.result).toMatchObject({ content: 'It is sunny in Paris.', finishReason: 'stop' });
    // The tool result reached the provider as its own tool_result block, tied to the call id.
    const sent = anthropic.requests.at(-1)!.body;
    const toolResult = sent.messages.flatMap((m: any) => (Array.isArray(m.content) ? m.content : [])).find((b: any) => b.type === 'tool_result');
    expect(toolResult).toMatchObject({ tool_use_id: 'toolu_01' });
  });

  it('streams a tool call: id and type on the first chunk only, then tool_calls, usage and cost', async () => {
    openai.script({ toolCalls: [{ name: 'lookup', arguments: '{"q":"switchyard"}', id: 'call_abc' }] });
    const submitted = await sdk.submitCompletion({
      client,
      body: {
        provider: 'openai',
        stream: true,
        tools: [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object' } } }],
        messages: [{ role: 'user', content: 'look it up' }],
      },
    });
    const events = await stream(submitted.data!.data.queueId);
    expect(events[0]).toEqual({ event: 'start', data: { queueId: submitted.data!.data.queueId } });
    expect(events.at(-1)).toEqual({ event: 'done', data: {} });
    const chunks = events.filter((e) => e.event === 'chunk').map((e) => e.data as any);
    const toolChunks = chunks.filter((c) => c.toolCallDeltas);
    expect(toolChunks[0].toolCallDeltas[0]).toMatchObject({ index: 0, id: 'call_abc', type: 'function', function: { name: 'lookup' } });
    for (const c of toolChunks.slice(1)) expect(c.toolCallDeltas[0].id).toBeUndefined();
    expect(toolChunks.map((c) => c.toolCallDeltas[0].function.arguments).join('')).toBe('{"q":"switchyard"}');
    const closing = chunks.at(-2);
    expect(closing).toMatchObject({ delta: '', finishReason: 'tool_calls' });
    expect(closing.toolCallDeltas).toBeUndefined();
    expect(chunks.at(-1).metadata).toMatchObject({ provider: 'openai', cost: { currency: 'USD' } });
    expect(chunks.at(-1).metadata.usage.totalTokens).toBeGreaterThan(0);
  });
});

describe('streaming', () => {
  it('gives a late client the whole stream from the start', async () => {
    openai.script({ text: 'one two three four' });
    const submitted = await sdk.submitCompletion({ client, body: { provider: 'openai', stream: true, messages: [{ role: 'user', content: 'count' }] } });
    const queueId = submitted.data!.data.queueId;
    await waitForResult(queueId);
    const events = await stream(queueId);
    const chunks = events.filter((e) => e.event === 'chunk').map((e) => e.data as any);
    expect(chunks.map((c) => c.delta).join('')).toBe('one two three four');
    const textChunks = chunks.filter((c) => c.delta);
    expect(textChunks.at(-1).finishReason).toBe('stop');
    for (const c of textChunks.slice(0, -1)) expect(c.finishReason).toBeNull();
    expect(events.at(-1)!.event).toBe('done');
  });

  it('streams a non-streamed task once it completes', async () => {
    openai.script({ text: 'whole answer' });
    const submitted = await sdk.submitCompletion({ client, body: { provider: 'openai', messages: [{ role: 'user', content: 'x' }] } });
    const events = await stream(submitted.data!.data.queueId);
    expect(events.filter((e) => e.event === 'chunk').map((e) => (e.data as any).delta).join('')).toBe('whole answer');
  });

  it('cancels during a stream: the upstream request is aborted and the stream ends with an error event', async () => {
    openai.script({ text: Array.from({ length: 200 }, (_, i) => `w${i}`).join(' '), chunkDelayMs: 20 });
    const submitted = await sdk.submitCompletion({ client, body: { provider: 'openai', stream: true, messages: [{ role: 'user', content: 'long' }] } });
    const queueId = submitted.data!.data.queueId;
    const streaming = stream(queueId);
    // Wait until the task is running upstream.
    for (let i = 0; i < 200 && (await sdk.getQueueStatus({ client, body: { queueId } })).data!.data.status !== 'processing'; i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    await new Promise((r) => setTimeout(r, 100));
    const cancelled = await sdk.cancelQueueTask({ client, body: { queueId } });
    expect(cancelled.data).toMatchObject({ success: true, data: { queueId, status: 'cancelled' } });
    const events = await streaming;
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { code: 'task_cancelled' } });
    const received = events.filter((e) => e.event === 'chunk').length;
    expect(received).toBeLessThan(150);
    await expect.poll(() => openai.requests.at(-1)!.aborted, { timeout: 2000 }).toBe(true);
    const result = await sdk.getQueueResult({ client, body: { queueId } });
    expect(result.response!.status).toBe(409);
    expect(result.error).toMatchObject({ code: 'task_cancelled' });
    const again = await sdk.cancelQueueTask({ client, body: { queueId } });
    expect(again.response!.status).toBe(409);
  });
});

describe('cache and usage', () => {
  it('serves an identical request within ttl from the cache without calling upstream', async () => {
    const body = { provider: 'openai' as const, messages: [{ role: 'user' as const, content: `cache me ${Date.now()}` }], cache: { enabled: true, ttl: 60 } };
    const before = openai.requests.length;
    const a = (await waitForResult((await sdk.submitCompletion({ client, body })).data!.data.queueId)).data as any;
    const b = (await waitForResult((await sdk.submitCompletion({ client, body })).data!.data.queueId)).data as any;
    expect(openai.requests.length).toBe(before + 1);
    expect(a.data.result.cost.cached).toBeUndefined();
    expect(b.data.result.cost).toMatchObject({ cached: true, customerPrice: 0 });
    expect(b.data.result.content).toBe(a.data.result.content);
  });

  it('counts finished calls per key and provider', async () => {
    const fresh = clientFor((await createGatewayKey(service.db, 'usage')).key);
    anthropic.script({ text: 'a' });
    openai.script({ text: 'b' });
    for (const provider of ['anthropic', 'openai'] as const) {
      const s = await sdk.submitCompletion({ client: fresh, body: { provider, maxTokens: 50, messages: [{ role: 'user', content: 'u' }], tag: 't1' } });
      await waitForResult(s.data!.data.queueId, fresh);
    }
    const usage = (await sdk.getUsage({ client: fresh })).data!.data as any;
    expect(usage.totalRequests).toBe(2);
    expect(Object.keys(usage.providers).sort()).toEqual(['anthropic', 'openai']);
    expect(usage.totalTokens).toBe(usage.providers.anthropic.tokens + usage.providers.openai.tokens);
    expect(usage.cost).toBeCloseTo(usage.providers.anthropic.cost + usage.providers.openai.cost, 8);
    const daily = (await sdk.getDailyUsage({ client: fresh })).data!.data as any[];
    expect(daily.map((d) => d.provider).sort()).toEqual(['anthropic', 'openai']);
    expect(daily.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    const monthly = (await sdk.getMonthlyUsage({ client: fresh })).data!.data as any[];
    expect(monthly.reduce((n, m) => n + m.totalRequests, 0)).toBe(2);
    const rows = await service.db('gateway_usage').where({ tag: 't1' }).select('service', 'tag', 'surface');
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });

  it('bills a caller-provided provider key as byok with price 0', async () => {
    openai.script({ text: 'byok' });
    const s = await sdk.submitCompletion({
      client,
      headers: { 'x-provider-key': 'sk-callers-own' },
      body: { provider: 'openai', messages: [{ role: 'user', content: 'x' }] },
    });
    const r = (await waitForResult(s.data!.data.queueId)).data as any;
    expect(r.data.result.cost).toMatchObject({ billing: 'byok', customerPrice: 0 });
    expect(openai.requests.at(-1)!.headers.authorization).toBe('Bearer sk-callers-own');
  });
});

describe('embeddings', () => {
  it('queues an embeddings call and answers base64 little-endian float32 vectors with cost and usage', async () => {
    const submitted = await sdk.submitEmbeddings({
      client,
      body: { provider: 'openai', model: 'text-embedding-3-small', input: ['alpha', 'beta'], dimensions: 8, encodingFormat: 'base64', tag: 'emb' },
    });
    expect(submitted.response!.status).toBe(200);
    const queueId = submitted.data!.data.queueId;
    const done = (await waitForResult(queueId)).data as any;
    const result = done.data.result;
    expect(result).toMatchObject({ provider: 'openai', model: 'text-embedding-3-small', cost: { currency: 'USD' } });
    expect(result.embeddings).toHaveLength(2);
    const bytes = Buffer.from(result.embeddings[0], 'base64');
    const vector = Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readFloatLE(i * 4));
    expect(vector.length).toBe(result.dimensions);
    expect(openai.requests.at(-1)!.body).toMatchObject({ input: ['alpha', 'beta'], dimensions: 8 });
    const rows = await service.db('gateway_usage').where({ task_id: queueId });
    expect(rows).toMatchObject([{ kind: 'embedding', provider: 'openai', tag: 'emb' }]);
    const stream = await fetch(`${service.gatewayUrl}/api/llm/queue/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ queueId }),
    });
    expect(stream.status).toBe(400);
    expect(await stream.json()).toMatchObject({ success: false, code: 'not_streamable' });
  });
});

describe('embeddings retention', () => {
  // Document 2: input text is processed in memory only; embeddings are returned and not retained.
  it('keeps no input text in the task row, and the vectors only until the first read', async () => {
    const secret = `confidential-${Date.now()}`;
    openai.script({ delayMs: 500 });
    const submitted = await sdk.submitEmbeddings({ client, body: { provider: 'openai', model: 'text-embedding-3-small', input: [secret, 'other words'] } });
    const queueId = submitted.data!.data.queueId;
    const rowText = async () => (await service.db.raw('SELECT t::text AS text FROM gateway_tasks t WHERE id = ?', [queueId])).rows[0].text as string;
    // While the call runs (the fake holds its answer), the row holds the input only sealed.
    expect(await rowText()).not.toContain(secret);
    const done = (await waitForResult(queueId)).data as any;
    expect(done.data.result.embeddings).toHaveLength(2);
    expect(openai.requests.at(-1)!.body).toMatchObject({ input: [secret, 'other words'] });
    const after = await rowText();
    expect(after).not.toContain(secret);
    expect(after).not.toContain('sealedInput');
    expect(after).not.toContain('"embeddings"');
    // A second read finds nothing left to give.
    const again = await sdk.getQueueResult({ client, body: { queueId } });
    expect(again.response!.status).toBe(410);
    expect(again.error).toMatchObject({ success: false, code: 'result_already_read' });
    // The row still says what was billed.
    expect(await service.db('gateway_usage').where({ task_id: queueId })).toHaveLength(1);
  });
});

describe('discovery', () => {
  it("lists document 1's 13 providers in order, then the ones added beside them, models, capabilities and concurrency", async () => {
    const providers = (await sdk.listProviders({ client })).data!.data.providers;
    expect(providers).toEqual([
      'gemini', 'vertex', 'openai', 'anthropic', 'xai', 'mistral', 'deepseek', 'perplexity',
      'ollama', 'elevenlabs', 'local-audio', 'localai', 'local-video',
      'bedrock', 'groq', 'together', 'fireworks', 'cerebras', 'openrouter', 'compatible', 'cohere', 'azure',
    ]);
    const models = (await sdk.listModels({ client, query: { provider: 'anthropic' } })).data!.data as any;
    expect(models.models.length).toBeGreaterThan(0);
    expect(models.models[0]).toHaveProperty('inputCostPer1k');
    const caps = (await sdk.getCapabilities({ client })).data!.data as any;
    // Capabilities say what works now: a catalogued operation that is not built yet is not offered.
    const served = (provider: string) => new Set(caps[provider].models.flatMap((m: { capabilities: string[] }) => m.capabilities));
    expect(caps.openai.imageGeneration).toBe(true);
    expect(caps.anthropic.imageGeneration).toBe(false);
    expect(served('openai').has('chat')).toBe(true);
    expect(served('openai').has('embeddings')).toBe(true);
    expect(served('openai').has('image-generation')).toBe(true);
    // The agents' per-minute price is offered now that agents are built; a provider without them does not list it.
    expect(served('elevenlabs').has('text-to-speech')).toBe(true);
    expect(served('elevenlabs').has('conversational-agent')).toBe(true);
    expect(served('openai').has('conversational-agent')).toBe(false);
    const conc = (await sdk.getProviderConcurrency({ client, path: { provider: 'openai' } })).data!.data as any;
    expect(conc).toMatchObject({ provider: 'openai', limit: 20 });
    const all = (await sdk.getConcurrency({ client })).data!.data as any;
    expect(Object.keys(all)).toEqual(providers);
    expect(all.groq).toMatchObject({ limit: 20 });
    expect(caps.openrouter.models.map((m: { id: string }) => m.id)).toContain('anthropic/claude-sonnet-4.5');
  });
});
