import { describe, expect, test } from 'vitest';
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { collect, streamed, withFake } from '../testing/adapter.ts';
import provider from './index.ts';
import { startFake } from './fake.ts';

const adapter = provider.createAdapter();

const run = <T>(body: Parameters<typeof withFake<T>>[2]) => withFake(startFake, 'openai', body);

const req = (over: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  provider: 'openai',
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: 'hi' }],
  ...over,
});

describe('openai request shape', () => {
  test('documented fields: bearer key, max_completion_tokens, sampling, caching keys, json_schema', () =>
    run(async (fake, ctx) => {
      await adapter.complete(
        req({
          temperature: 0.3,
          topP: 0.9,
          frequencyPenalty: 0.1,
          presencePenalty: 0.2,
          stop: ['END'],
          maxTokens: 100,
          promptCacheKey: 'tenant-42',
          safetyIdentifier: 'user-7',
          responseFormat: 'json_schema',
          jsonSchema: { name: 'answer', schema: { type: 'object' }, strict: true },
        }),
        ctx,
      );
      const { body, headers, path } = fake.requests[0]!;
      expect(path).toBe('/v1/chat/completions');
      expect(headers.authorization).toBe('Bearer sk-test');
      expect(body).toMatchObject({
        model: 'gpt-4o-mini',
        temperature: 0.3,
        top_p: 0.9,
        frequency_penalty: 0.1,
        presence_penalty: 0.2,
        stop: ['END'],
        max_completion_tokens: 100,
        prompt_cache_key: 'tenant-42',
        safety_identifier: 'user-7',
        response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: { type: 'object' }, strict: true } },
      });
      expect(body.max_tokens).toBeUndefined();
    }),
  );

  test('messages: image parts, assistant tool_calls, tool results; tools and parallel_tool_calls', () =>
    run(async (fake, ctx) => {
      await adapter.complete(
        req({
          messages: [
            { role: 'system', content: 'sys' },
            { role: 'user', content: [{ type: 'text', text: 'look' }, { type: 'image', mimeType: 'image/png', data: 'AAAA' }] },
            { role: 'assistant', content: null, toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
            { role: 'tool', toolCallId: 'call_1', content: 'done' },
          ],
          tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }],
          toolChoice: { type: 'function', function: { name: 'f' } },
          parallelToolCalls: false,
        }),
        ctx,
      );
      const { body } = fake.requests[0]!;
      expect(body.messages).toEqual([
        { role: 'system', content: 'sys' },
        { role: 'user', content: [{ type: 'text', text: 'look' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: 'done' },
      ]);
      expect(body.tools).toEqual([{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }]);
      expect(body.tool_choice).toEqual({ type: 'function', function: { name: 'f' } });
      expect(body.parallel_tool_calls).toBe(false);
    }),
  );

  test('streaming asks for usage in the final chunk', () =>
    run(async (fake, ctx) => {
      const events = await collect(adapter.stream(req(), ctx));
      expect(fake.requests[0]!.body.stream_options).toEqual({ include_usage: true });
      const finish = events.at(-1)!;
      expect(finish.type === 'finish' && finish.usage.inputTokens).toBeGreaterThan(0);
    }),
  );

  test('thinkingMode becomes reasoning_effort, from the effort or the budget; the budget adds to maxTokens', () =>
    run(async (fake, ctx) => {
      await adapter.complete(req({ thinkingMode: { enabled: true, effort: 'minimal' } }), ctx);
      await adapter.complete(req({ maxTokens: 500, thinkingMode: { enabled: true, budget: 20_000 } }), ctx);
      expect(fake.requests[0]!.body.reasoning_effort).toBe('minimal');
      expect(fake.requests[1]!.body.reasoning_effort).toBe('high');
      expect(fake.requests[1]!.body.max_completion_tokens).toBe(20_500);
    }),
  );

  test('usage maps cached and reasoning tokens', () =>
    run(async (fake, ctx) => {
      fake.script({ text: 'ok', reasoning: 'hmm let me see', cachedTokens: 1 });
      const result = await adapter.complete(req({ messages: [{ role: 'user', content: 'a long enough prompt' }] }), ctx);
      expect(result.usage.cachedTokens).toBe(1);
      expect(result.usage.reasoningTokens).toBe(4);
      expect(result.usage.totalTokens).toBe(result.usage.inputTokens + result.usage.outputTokens);
    }),
  );

  test('finish_reason length and content_filter map through', () =>
    run(async (fake, ctx) => {
      fake.script({ text: 'cut', finishReason: 'length' }, { text: 'no', finishReason: 'content_filter' });
      expect((await adapter.complete(req(), ctx)).finishReason).toBe('length');
      expect((await streamed(adapter, req(), ctx)).finishReason).toBe('content_filter');
    }),
  );

  test('web search: search models get web_search_options, others and filters are refused', () =>
    run(async (fake, ctx) => {
      await adapter.complete(req({ model: 'gpt-4o-search-preview', webSearch: { enabled: true } }), ctx);
      expect(fake.requests[0]!.body.web_search_options).toEqual({});
      expect(() => adapter.validate(req({ webSearch: { enabled: true } }))).toThrow(/gpt-4o-mini cannot search/);
      expect(() => adapter.validate(req({ model: 'gpt-4o-search-preview', webSearch: { enabled: true, allowedDomains: ['a.com'] } }))).toThrow(
        /domain filters/,
      );
      expect(() => adapter.validate(req({ messages: [{ role: 'user', content: [{ type: 'video', mimeType: 'video/mp4', data: 'AA' }] }] }))).toThrow(
        /video/,
      );
    }),
  );

  test('embeddings ask for floats and keep input order; models are listed', () =>
    run(async (fake, ctx) => {
      const result = await adapter.embed!({ provider: 'openai', model: 'text-embedding-3-small', input: ['a', 'b', 'c'], dimensions: 4 }, ctx);
      expect(fake.requests[0]!.body).toEqual({ model: 'text-embedding-3-small', input: ['a', 'b', 'c'], encoding_format: 'float', dimensions: 4 });
      expect(result.dimensions).toBe(4);
      expect(result.embeddings).toHaveLength(3);
      const models = await adapter.listModels!(ctx);
      expect(models.map((m) => m.id)).toContain('gpt-4o-mini');
    }),
  );
});
