import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ResultAccumulator, type CanonicalRequest, type StreamEvent } from '../../protocols/canonical.ts';
import { providerSettings } from '../settings.ts';
import type { Fake } from '../testing/fake.ts';
import { ProviderError, type CallContext } from '../types.ts';
import provider, { createGeminiAdapter } from './index.ts';
import { fakeSignature, googleError, startFake } from './fake.ts';

const gemini = provider.createAdapter();

let fake: Fake;
beforeAll(async () => {
  fake = await startFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

function ctx(env: Record<string, string> = {}): CallContext {
  return {
    settings: providerSettings('gemini', { GEMINI_API_KEY: 'test-key', GEMINI_BASE_URL: fake.url, ...env }),
    signal: new AbortController().signal,
  };
}

function request(extra: Partial<CanonicalRequest> = {}): CanonicalRequest {
  return { provider: 'gemini', model: 'gemini-2.5-flash', messages: [{ role: 'user', content: 'hello there' }], ...extra };
}

async function collect(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

const weather = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'Weather for a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
  },
};

describe('gemini request mapping', () => {
  it('sends the key header, the model URL, systemInstruction, roles and generationConfig', async () => {
    const result = await gemini.complete(
      request({
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'first' },
          { role: 'assistant', content: 'ok' },
          { role: 'user', content: 'second' },
        ],
        temperature: 0.3,
        topP: 0.9,
        maxTokens: 100,
        stop: ['END'],
        presencePenalty: 0.5,
        frequencyPenalty: 0.25,
      }),
      ctx(),
    );
    expect(result.content).toBe('echo: second');
    const [captured] = fake.requests;
    expect(captured!.method).toBe('POST');
    expect(captured!.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(captured!.headers['x-goog-api-key']).toBe('test-key');
    expect(captured!.body).toEqual({
      contents: [
        { role: 'user', parts: [{ text: 'first' }] },
        { role: 'model', parts: [{ text: 'ok' }] },
        { role: 'user', parts: [{ text: 'second' }] },
      ],
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      generationConfig: { temperature: 0.3, topP: 0.9, presencePenalty: 0.5, frequencyPenalty: 0.25, stopSequences: ['END'], maxOutputTokens: 100 },
    });
  });

  it('sends video and images inline, and image URLs as fileData', async () => {
    await gemini.complete(
      request({
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'what happens?' },
              { type: 'video', mimeType: 'video/mp4', data: 'AAAAGGZ0eXBtcDQy' },
              { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
              { type: 'image', url: 'data:image/webp;base64,UklGRg==' },
              { type: 'image', url: 'https://example.com/cat.jpg' },
            ],
          },
        ],
      }),
      ctx(),
    );
    expect(fake.requests[0]!.body.contents[0].parts).toEqual([
      { text: 'what happens?' },
      { inlineData: { mimeType: 'video/mp4', data: 'AAAAGGZ0eXBtcDQy' } },
      { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
      { inlineData: { mimeType: 'image/webp', data: 'UklGRg==' } },
      { fileData: { mimeType: 'image/jpeg', fileUri: 'https://example.com/cat.jpg' } },
    ]);
  });

  it('refuses a video part whose fileId was never resolved', async () => {
    await expect(
      gemini.complete(request({ messages: [{ role: 'user', content: [{ type: 'video', mimeType: 'video/mp4', fileId: 'f1' }] }] }), ctx()),
    ).rejects.toMatchObject({ code: 'unsupported_option' });
  });

  it('maps tools, toolChoice, json_schema, thinking and web search', async () => {
    fake.script({ text: '{"city":"Oslo"}', reasoning: 'thinking hard', citations: ['https://a.example/1', 'https://b.example/2'] });
    const result = await gemini.complete(
      request({
        tools: [weather],
        toolChoice: { type: 'function', function: { name: 'get_weather' } },
        responseFormat: 'json_schema',
        jsonSchema: { name: 'city', schema: { type: 'object', properties: { city: { type: 'string' } } } },
        thinkingMode: { enabled: true, budget: 512 },
        maxTokens: 200,
        webSearch: { enabled: true },
      }),
      ctx(),
    );
    const body = fake.requests[0]!.body;
    expect(body.tools).toEqual([
      {
        functionDeclarations: [
          { name: 'get_weather', description: 'Weather for a city', parametersJsonSchema: weather.function.parameters },
        ],
      },
      { googleSearch: {} },
    ]);
    expect(body.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } });
    expect(body.generationConfig).toEqual({
      maxOutputTokens: 712,
      thinkingConfig: { thinkingBudget: 512, includeThoughts: true },
      responseMimeType: 'application/json',
      responseJsonSchema: { type: 'object', properties: { city: { type: 'string' } } },
    });
    expect(result.reasoning).toBe('thinking hard');
    expect(result.usage.reasoningTokens).toBe(Math.ceil('thinking hard'.length / 4));
    expect(result.usage.outputTokens).toBe(result.usage.reasoningTokens! + Math.ceil('{"city":"Oslo"}'.length / 4));
    expect(result.citations).toEqual(['https://a.example/1', 'https://b.example/2']);
  });

  it("caps maxTokens plus the thinking budget at the model's output limit", async () => {
    const capped = createGeminiAdapter({ maxOutputTokens: (model) => (model === 'gemini-2.5-flash' ? 600 : undefined) });
    await capped.complete(request({ maxTokens: 200, thinkingMode: { enabled: true, budget: 512 } }), ctx());
    await capped.complete(request({ model: 'gemini-unknown', maxTokens: 60_000, thinkingMode: { enabled: true, budget: 24_576 } }), ctx());
    expect(fake.requests.map((r) => r.body.generationConfig.maxOutputTokens)).toEqual([600, 65_536]);
  });

  it.each([
    ['auto', { mode: 'AUTO' }],
    ['none', { mode: 'NONE' }],
    ['required', { mode: 'ANY' }],
  ] as const)('maps toolChoice %s', async (choice, config) => {
    await gemini.complete(request({ tools: [weather], toolChoice: choice }), ctx());
    expect(fake.requests[0]!.body.toolConfig).toEqual({ functionCallingConfig: config });
  });

  it('turns thinking off with a zero budget and maps effort to a budget', async () => {
    await gemini.complete(request({ thinkingMode: { enabled: false } }), ctx());
    await gemini.complete(request({ thinkingMode: { enabled: true, effort: 'low' } }), ctx());
    await gemini.complete(request({ thinkingMode: { enabled: true } }), ctx());
    expect(fake.requests.map((r) => r.body.generationConfig.thinkingConfig)).toEqual([
      { thinkingBudget: 0 },
      { thinkingBudget: 1024, includeThoughts: true },
      { thinkingBudget: -1, includeThoughts: true },
    ]);
  });

  it.each([
    ['promptCacheKey', { promptCacheKey: 'k' }],
    ['safetyIdentifier', { safetyIdentifier: 'u1' }],
    ['promptCaching', { promptCaching: true }],
    ['domain filters', { webSearch: { enabled: true, allowedDomains: ['example.com'] } }],
    ['blocked domains', { webSearch: { enabled: true, blockedDomains: ['example.com'] } }],
    ['recency', { webSearch: { enabled: true, recencyFilter: 'week' as const } }],
  ])('refuses %s as unsupported_option without calling upstream', async (_name, extra) => {
    expect(() => gemini.validate(request(extra))).toThrow(ProviderError);
    await expect(gemini.complete(request(extra), ctx())).rejects.toMatchObject({ code: 'unsupported_option', provider: 'gemini' });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('gemini tool calls', () => {
  it('synthesises ids and resolves the function name of each result on the next turn', async () => {
    fake.script({
      toolCalls: [
        { name: 'get_weather', arguments: '{"city":"Oslo"}' },
        { name: 'get_time', arguments: '{"tz":"CET"}' },
      ],
    });
    const first = await gemini.complete(request({ tools: [weather] }), ctx());
    expect(first.finishReason).toBe('tool_calls');
    expect(first.content).toBe('');
    const [a, b] = first.toolCalls!;
    expect(a!.id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(b!.id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(a!.id).not.toBe(b!.id);
    expect(a!.function).toEqual({ name: 'get_weather', arguments: '{"city":"Oslo"}' });

    const second = await gemini.complete(
      request({
        tools: [weather],
        messages: [
          { role: 'user', content: 'weather and time?' },
          { role: 'assistant', content: null, toolCalls: first.toolCalls },
          // answered out of order: names come from the ids, not positions
          { role: 'tool', toolCallId: b!.id, content: '12:00' },
          { role: 'tool', toolCallId: a!.id, content: '{"temp":3}' },
        ],
      }),
      ctx(),
    );
    expect(fake.requests[1]!.body.contents).toEqual([
      { role: 'user', parts: [{ text: 'weather and time?' }] },
      {
        role: 'model',
        parts: [{ functionCall: { name: 'get_weather', args: { city: 'Oslo' } } }, { functionCall: { name: 'get_time', args: { tz: 'CET' } } }],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'get_time', response: { output: '12:00' } } },
          { functionResponse: { name: 'get_weather', response: { temp: 3 } } },
        ],
      },
    ]);
    expect(second.finishReason).toBe('stop');
    expect(second.content).toContain('tool said:');
  });

  it('falls back to call order when a client rewrote the ids', async () => {
    await gemini.complete(
      request({
        messages: [
          { role: 'user', content: 'go' },
          { role: 'assistant', content: null, toolCalls: [{ id: 'x1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }] },
          { role: 'tool', toolCallId: 'rewritten', content: 'sunny' },
        ],
      }),
      ctx(),
    );
    expect(fake.requests[0]!.body.contents[2]).toEqual({
      role: 'user',
      parts: [{ functionResponse: { name: 'get_weather', response: { output: 'sunny' } } }],
    });
  });

  it('refuses a tool result that answers no call', async () => {
    await expect(
      gemini.complete(request({ messages: [{ role: 'user', content: 'go' }, { role: 'tool', toolCallId: 'nope', content: 'x' }] }), ctx()),
    ).rejects.toMatchObject({ code: 'unsupported_option' });
  });

  it('keeps ids Gemini sends and returns them on the next turn', async () => {
    fake.script({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Rome"}', id: 'gem-abc' }] });
    const first = await gemini.complete(request({ tools: [weather] }), ctx());
    expect(first.toolCalls![0]!.id).toBe('gid_gem-abc');
    await gemini.complete(
      request({
        messages: [
          { role: 'user', content: 'go' },
          { role: 'assistant', content: null, toolCalls: first.toolCalls },
          { role: 'tool', toolCallId: 'gid_gem-abc', content: 'warm' },
        ],
      }),
      ctx(),
    );
    const contents = fake.requests[1]!.body.contents;
    expect(contents[1].parts[0].functionCall).toEqual({ name: 'get_weather', args: { city: 'Rome' }, id: 'gem-abc' });
    expect(contents[2].parts[0].functionResponse).toEqual({ name: 'get_weather', response: { output: 'warm' }, id: 'gem-abc' });
  });

  it('carries thought signatures through the id so Gemini 3 accepts the replay', async () => {
    const model = 'gemini-3-pro-preview';
    fake.script({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Oslo"}' }] });
    const first = await gemini.complete(request({ model, tools: [weather], thinkingMode: { enabled: true } }), ctx());
    const id = first.toolCalls![0]!.id;
    expect(id).toMatch(/^call_[0-9a-f]{24}__ts_[A-Za-z0-9_-]+$/);
    const replay = await gemini.complete(
      request({
        model,
        messages: [
          { role: 'user', content: 'go' },
          { role: 'assistant', content: null, toolCalls: first.toolCalls },
          { role: 'tool', toolCallId: id, content: 'cold' },
        ],
      }),
      ctx(),
    );
    expect(fake.requests[1]!.body.contents[1].parts[0]).toEqual({
      functionCall: { name: 'get_weather', args: { city: 'Oslo' } },
      thoughtSignature: fakeSignature('get_weather'),
    });
    expect(replay.content).toBe('tool said: cold');
  });

  it('sends the documented sentinel when Gemini 3 history has no signature', async () => {
    await gemini.complete(
      request({
        model: 'gemini-3-flash-preview',
        messages: [
          { role: 'user', content: 'go' },
          { role: 'assistant', content: null, toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }] },
          { role: 'tool', toolCallId: 'call_1', content: 'cold' },
        ],
      }),
      ctx(),
    );
    expect(fake.requests[0]!.body.contents[1].parts[0].thoughtSignature).toBe('skip_thought_signature_validator');
  });
});

describe('gemini results', () => {
  it('reports cached tokens as a subset of input and the upstream ids', async () => {
    fake.script({ text: 'cached answer', cachedTokens: 3 });
    const result = await gemini.complete(request(), ctx());
    expect(result.usage).toEqual({ inputTokens: 3, outputTokens: 4, totalTokens: 7, cachedTokens: 3 });
    expect(result.model).toBe('gemini-2.5-flash');
    expect(result.provider).toBe('gemini');
    expect(result.requestId).toMatch(/^resp-/);
  });

  it.each([
    ['MAX_TOKENS', 'length'],
    ['SAFETY', 'content_filter'],
    ['RECITATION', 'content_filter'],
    ['STOP', 'stop'],
  ])('maps finishReason %s to %s', async (raw, mapped) => {
    fake.script({ text: 'partial', finishReason: raw });
    expect((await gemini.complete(request(), ctx())).finishReason).toBe(mapped);
  });

  it('turns Google error bodies into provider errors, retrying 429 as told', async () => {
    fake.script(googleError(429, 'Resource has been exhausted (e.g. check quota).', 0));
    expect((await gemini.complete(request(), ctx())).content).toBe('echo: hello there');
    expect(fake.requests).toHaveLength(2);

    fake.script(googleError(400, 'Invalid JSON payload received.'));
    const err = await gemini.complete(request(), ctx()).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'upstream_rejected', status: 400 });
    expect((err as Error).message).toContain('Invalid JSON payload received.');
  });

  it('names the missing key', async () => {
    const settings = providerSettings('gemini', { GEMINI_BASE_URL: fake.url });
    await expect(gemini.complete(request(), { settings, signal: new AbortController().signal })).rejects.toMatchObject({
      code: 'missing_config',
      message: expect.stringContaining('GEMINI_API_KEY'),
    });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('gemini streaming', () => {
  it('reads alt=sse frames into text deltas, then one finish with the last usage', async () => {
    fake.script({ text: 'one two three', cachedTokens: 2 });
    const events = await collect(gemini.stream(request(), ctx()));
    expect(fake.requests[0]!.path).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(events).toEqual([
      { type: 'meta', model: 'gemini-2.5-flash', requestId: expect.stringMatching(/^resp-/) },
      { type: 'text', delta: 'one ' },
      { type: 'text', delta: 'two ' },
      { type: 'text', delta: 'three' },
      { type: 'finish', finishReason: 'stop', usage: { inputTokens: 3, outputTokens: 4, totalTokens: 7, cachedTokens: 2 } },
    ]);
  });

  it('streams reasoning, whole tool calls and citations in order', async () => {
    fake.script({
      reasoning: 'let me see',
      toolCalls: [
        { name: 'get_weather', arguments: '{"city":"Oslo"}' },
        { name: 'get_weather', arguments: '{"city":"Bergen"}' },
      ],
      citations: ['https://src.example'],
    });
    const events = await collect(gemini.stream(request({ tools: [weather], thinkingMode: { enabled: true }, webSearch: { enabled: true } }), ctx()));
    expect(events.map((e) => e.type)).toEqual([
      'meta',
      'reasoning',
      'reasoning',
      'reasoning',
      'tool_call_start',
      'tool_call_args',
      'tool_call_start',
      'tool_call_args',
      'citations',
      'finish',
    ]);
    const acc = new ResultAccumulator('gemini', 'gemini-2.5-flash', 'r');
    events.forEach((e) => acc.push(e));
    const result = acc.result();
    expect(result.finishReason).toBe('tool_calls');
    expect(result.reasoning).toBe('let me see');
    expect(result.citations).toEqual(['https://src.example']);
    expect(result.toolCalls!.map((c) => [c.function.name, c.function.arguments])).toEqual([
      ['get_weather', '{"city":"Oslo"}'],
      ['get_weather', '{"city":"Bergen"}'],
    ]);
    expect(new Set(result.toolCalls!.map((c) => c.id)).size).toBe(2);
  });

  it('fails on an error frame mid-stream instead of finishing', async () => {
    fake.script({ text: 'half an', streamError: 'Internal error encountered.' });
    const seen: StreamEvent[] = [];
    const err = await (async () => {
      for await (const e of gemini.stream(request(), ctx())) seen.push(e);
    })().catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'upstream_error', message: expect.stringContaining('Internal error encountered.') });
    expect(seen.some((e) => e.type === 'finish')).toBe(false);
  });
});

describe('gemini embeddings and models', () => {
  it('embeds through batchEmbedContents with outputDimensionality, 100 inputs a call', async () => {
    const input = Array.from({ length: 150 }, (_, i) => `text ${i}`);
    const result = await gemini.embed!({ provider: 'gemini', model: 'gemini-embedding-001', input, dimensions: 4 }, ctx());
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/v1beta/models/gemini-embedding-001:batchEmbedContents',
      '/v1beta/models/gemini-embedding-001:batchEmbedContents',
    ]);
    expect(fake.requests[0]!.body.requests).toHaveLength(100);
    expect(fake.requests[0]!.body.requests[0]).toEqual({
      model: 'models/gemini-embedding-001',
      content: { parts: [{ text: 'text 0' }] },
      outputDimensionality: 4,
    });
    expect(result.embeddings).toHaveLength(150);
    expect(result.dimensions).toBe(4);
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  });

  it('lists models that can chat or embed', async () => {
    const models = await gemini.listModels!(ctx());
    expect(fake.requests[0]!.path).toBe('/v1beta/models?pageSize=1000');
    expect(models).toEqual([
      { id: 'gemini-2.5-flash', name: 'Gemini 2.5 Flash', capabilities: ['chat'], contextWindow: 1_048_576, maxOutputTokens: 65_536 },
      { id: 'gemini-embedding-001', name: 'Gemini Embedding 001', capabilities: ['embeddings'], contextWindow: 2048, maxOutputTokens: 1 },
    ]);
  });
});
