import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ResultAccumulator, type CanonicalRequest, type StreamEvent } from '../../protocols/canonical.ts';
import { providerSettings } from '../settings.ts';
import type { Fake } from '../testing/fake.ts';
import type { CallContext } from '../types.ts';
import provider from './index.ts';
import { ollamaError, startFake } from './fake.ts';

const ollama = provider.createAdapter();

let fake: Fake;
beforeAll(async () => {
  fake = await startFake({ models: ['llama3.2:latest', 'qwen3:latest', 'nomic-embed-text:latest'] });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

function ctx(baseUrl = fake.url): CallContext {
  return { settings: providerSettings('ollama', { OLLAMA_BASE_URL: baseUrl }), signal: new AbortController().signal };
}

function request(extra: Partial<CanonicalRequest> = {}): CanonicalRequest {
  return { provider: 'ollama', model: 'llama3.2', messages: [{ role: 'user', content: 'hi ollama' }], ...extra };
}

async function collect(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

const weather = {
  type: 'function' as const,
  function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
};

describe('ollama chat', () => {
  it('posts one non-streaming /api/chat with options, format and think', async () => {
    const result = await ollama.complete(
      request({
        messages: [
          { role: 'system', content: 'Be terse.' },
          { role: 'user', content: 'hi ollama' },
        ],
        temperature: 0.2,
        topP: 0.8,
        maxTokens: 50,
        stop: ['\n\n'],
        frequencyPenalty: 0.1,
        presencePenalty: 0.3,
        responseFormat: 'json_schema',
        jsonSchema: { name: 'answer', schema: { type: 'object', properties: { answer: { type: 'string' } } } },
        thinkingMode: { enabled: true, budget: 30 },
      }),
      ctx(),
    );
    const [captured] = fake.requests;
    expect(captured!.path).toBe('/api/chat');
    expect(captured!.headers.authorization).toBeUndefined();
    expect(captured!.body).toEqual({
      model: 'llama3.2',
      stream: false,
      messages: [
        { role: 'system', content: 'Be terse.' },
        { role: 'user', content: 'hi ollama' },
      ],
      format: { type: 'object', properties: { answer: { type: 'string' } } },
      think: true,
      options: { temperature: 0.2, top_p: 0.8, num_predict: 80, stop: ['\n\n'], frequency_penalty: 0.1, presence_penalty: 0.3 },
    });
    expect(JSON.parse(result.content)).toEqual({ answer: 'echo: hi ollama' });
    expect(result).toMatchObject({ provider: 'ollama', model: 'llama3.2', finishReason: 'stop' });
    expect(result.usage).toEqual({ inputTokens: 5, outputTokens: 8, totalTokens: 13, cachedTokens: 0 });
    expect(result.requestId).toMatch(/^req_/);
  });

  it("sends format 'json', images as base64, and think false", async () => {
    await ollama.complete(
      request({
        responseFormat: 'json',
        thinkingMode: { enabled: false },
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'what is this?' },
              { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
              { type: 'image', url: 'data:image/jpeg;base64,/9j/4AAQ' },
            ],
          },
        ],
      }),
      ctx(),
    );
    expect(fake.requests[0]!.body).toMatchObject({
      format: 'json',
      think: false,
      messages: [{ role: 'user', content: 'what is this?', images: ['iVBORw0KGgo=', '/9j/4AAQ'] }],
    });
  });

  it('returns thinking as reasoning and length as the finish reason', async () => {
    fake.script({ text: 'cut', reasoning: 'hmm', finishReason: 'length' });
    const result = await ollama.complete(request({ model: 'qwen3', thinkingMode: { enabled: true } }), ctx());
    expect(result).toMatchObject({ content: 'cut', reasoning: 'hmm', finishReason: 'length' });
  });

  it('synthesises tool-call ids and sends arguments back as objects with tool_name', async () => {
    fake.script({
      toolCalls: [
        { name: 'get_weather', arguments: '{"city":"Oslo"}' },
        { name: 'get_weather', arguments: '{"city":"Bergen"}' },
      ],
    });
    const first = await ollama.complete(request({ tools: [weather], toolChoice: 'auto' }), ctx());
    expect(fake.requests[0]!.body.tools).toEqual([weather]);
    expect(first.finishReason).toBe('tool_calls');
    const [a, b] = first.toolCalls!;
    expect(a!.id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(a!.id).not.toBe(b!.id);
    expect(a!.function).toEqual({ name: 'get_weather', arguments: '{"city":"Oslo"}' });

    const second = await ollama.complete(
      request({
        tools: [weather],
        messages: [
          { role: 'user', content: 'weather?' },
          { role: 'assistant', content: null, toolCalls: first.toolCalls },
          { role: 'tool', toolCallId: a!.id, content: 'cold' },
          { role: 'tool', toolCallId: b!.id, content: 'rainy' },
        ],
      }),
      ctx(),
    );
    expect(fake.requests[1]!.body.messages).toEqual([
      { role: 'user', content: 'weather?' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          { function: { name: 'get_weather', arguments: { city: 'Oslo' } } },
          { function: { name: 'get_weather', arguments: { city: 'Bergen' } } },
        ],
      },
      { role: 'tool', content: 'cold', tool_name: 'get_weather' },
      { role: 'tool', content: 'rainy', tool_name: 'get_weather' },
    ]);
    expect(second).toMatchObject({ content: 'tool said: rainy', finishReason: 'stop' });
  });

  it("honours toolChoice 'none' by not offering tools and refuses forcing one", async () => {
    await ollama.complete(request({ tools: [weather], toolChoice: 'none' }), ctx());
    expect(fake.requests[0]!.body.tools).toBeUndefined();
    for (const toolChoice of ['required', { type: 'function', function: { name: 'get_weather' } }] as const) {
      expect(() => ollama.validate(request({ tools: [weather], toolChoice }))).toThrow(/does not support toolChoice/);
    }
    expect(fake.requests).toHaveLength(1);
  });

  it.each([
    ['webSearch', { webSearch: { enabled: true } }],
    ['promptCacheKey', { promptCacheKey: 'k' }],
    ['video', { messages: [{ role: 'user' as const, content: [{ type: 'video' as const, mimeType: 'video/mp4', data: 'AAAA' }] }] }],
    ['image URLs', { messages: [{ role: 'user' as const, content: [{ type: 'image' as const, url: 'https://example.com/a.png' }] }] }],
  ])('refuses %s as unsupported_option', async (_name, extra) => {
    await expect(ollama.complete(request(extra), ctx())).rejects.toMatchObject({ code: 'unsupported_option', provider: 'ollama' });
    expect(fake.requests).toHaveLength(0);
  });

  it("passes Ollama's error message through", async () => {
    const err = await ollama.complete(request({ model: 'missing-model' }), ctx()).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'upstream_rejected', status: 404 });
    expect((err as Error).message).toContain('model \\"missing-model\\" not found, try pulling it first');

    fake.script(ollamaError(500, 'llama runner process has terminated'), {});
    expect((await ollama.complete(request(), ctx())).content).toBe('echo: hi ollama');
    expect(fake.requests.slice(1).map((r) => r.path)).toEqual(['/api/chat', '/api/chat']);
  });
});

describe('ollama streaming', () => {
  it('reads NDJSON lines: thinking, text, tool calls, then the done line with usage', async () => {
    fake.script({ reasoning: 'so', text: 'Calling now', toolCalls: [{ name: 'get_weather', arguments: '{"city":"Oslo"}' }] });
    const events = await collect(ollama.stream(request({ model: 'qwen3', tools: [weather], thinkingMode: { enabled: true } }), ctx()));
    expect(fake.requests[0]!.body.stream).toBe(true);
    expect(events).toEqual([
      { type: 'meta', model: 'qwen3', requestId: expect.stringMatching(/^req_/) },
      { type: 'reasoning', delta: 'so' },
      { type: 'text', delta: 'Calling ' },
      { type: 'text', delta: 'now' },
      { type: 'tool_call_start', index: 0, id: expect.stringMatching(/^call_/), name: 'get_weather' },
      { type: 'tool_call_args', index: 0, delta: '{"city":"Oslo"}' },
      { type: 'finish', finishReason: 'tool_calls', usage: expect.objectContaining({ inputTokens: 3, cachedTokens: 0 }) },
    ]);
    const acc = new ResultAccumulator('ollama', 'qwen3', 'r');
    events.forEach((e) => acc.push(e));
    expect(acc.result()).toMatchObject({ content: 'Calling now', reasoning: 'so', finishReason: 'tool_calls' });
  });

  it('fails on an error line mid-stream instead of finishing', async () => {
    fake.script({ text: 'partial answer', streamError: 'an error was encountered while running the model' });
    const err = await collect(ollama.stream(request(), ctx())).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'upstream_error', message: expect.stringContaining('an error was encountered') });
  });
});

describe('ollama embeddings, models and reachability', () => {
  it('embeds with /api/embed, input as an array, dimensions and truncate', async () => {
    const result = await ollama.embed!({ provider: 'ollama', model: 'nomic-embed-text', input: ['a b', 'c'], dimensions: 3 }, ctx());
    expect(fake.requests[0]!.path).toBe('/api/embed');
    expect(fake.requests[0]!.body).toEqual({ model: 'nomic-embed-text', input: ['a b', 'c'], truncate: true, dimensions: 3 });
    expect(result).toMatchObject({ provider: 'ollama', model: 'nomic-embed-text', dimensions: 3, usage: { inputTokens: 1, totalTokens: 1 } });
    expect(result.embeddings).toHaveLength(2);
  });

  it('lists pulled models from /api/tags', async () => {
    expect(await ollama.listModels!(ctx())).toEqual([
      { id: 'llama3.2:latest', name: 'llama3.2:latest', capabilities: ['chat'] },
      { id: 'qwen3:latest', name: 'qwen3:latest', capabilities: ['chat'] },
      { id: 'nomic-embed-text:latest', name: 'nomic-embed-text:latest', capabilities: ['embeddings'] },
    ]);
  });

  it('fails fast with the base URL when nothing listens there', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const url = `http://127.0.0.1:${port}`;
    const started = Date.now();
    for (const call of [() => ollama.complete(request(), ctx(url)), () => collect(ollama.stream(request(), ctx(url)))]) {
      const err = await call().catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'unreachable', provider: 'ollama' });
      expect((err as Error).message).toContain(`unreachable at ${url}`);
      expect((err as Error).message).toContain('OLLAMA_BASE_URL');
    }
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
