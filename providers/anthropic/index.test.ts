import { describe, expect, test } from 'vitest';
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { streamed, withFake } from '../testing/adapter.ts';
import { ProviderError } from '../types.ts';
import provider, { anthropicMaxTokens, createAnthropicAdapter, fallbackMaxOutput } from './index.ts';
import { startFake } from './fake.ts';

const adapter = provider.createAdapter();

const run = <T>(body: Parameters<typeof withFake<T>>[2]) => withFake(startFake, 'anthropic', body);

const req = (over: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  provider: 'anthropic',
  model: 'claude-sonnet-4-5',
  messages: [{ role: 'user', content: 'hi' }],
  ...over,
});

const call = (id: string, city: string) => ({ id, type: 'function' as const, function: { name: 'get_weather', arguments: JSON.stringify({ city }) } });

describe('anthropic request shape', () => {
  test('headers, top-level system blocks, merged tool results, tools and stop sequences', () =>
    run(async (fake, ctx) => {
      await adapter.complete(
        req({
          messages: [
            { role: 'system', content: 'Be brief.' },
            { role: 'system', content: 'Use metric units.' },
            { role: 'user', content: 'Weather in Paris and Rome?' },
            { role: 'assistant', content: 'Checking.', toolCalls: [call('toolu_1', 'Paris'), call('call:2', 'Rome')] },
            { role: 'tool', toolCallId: 'toolu_1', content: '22C' },
            { role: 'tool', toolCallId: 'call:2', content: '25C' },
            { role: 'user', content: 'And tomorrow?' },
          ],
          tools: [{ type: 'function', function: { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }],
          toolChoice: 'required',
          stop: ['END'],
        }),
        ctx,
      );
      const { headers, body, path } = fake.requests[0]!;
      expect(path).toBe('/v1/messages');
      expect(headers['x-api-key']).toBe('sk-test');
      expect(headers['anthropic-version']).toBe('2023-06-01');
      expect(body.system).toEqual([
        { type: 'text', text: 'Be brief.' },
        { type: 'text', text: 'Use metric units.' },
      ]);
      expect(body.messages.map((m: any) => m.role)).toEqual(['user', 'assistant', 'user']);
      expect(body.messages[1].content).toEqual([
        { type: 'text', text: 'Checking.' },
        { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
        { type: 'tool_use', id: 'call_2', name: 'get_weather', input: { city: 'Rome' } },
      ]);
      expect(body.messages[2].content).toEqual([
        { type: 'tool_result', tool_use_id: 'toolu_1', content: '22C' },
        { type: 'tool_result', tool_use_id: 'call_2', content: '25C' },
        { type: 'text', text: 'And tomorrow?' },
      ]);
      expect(body.tools).toEqual([{ name: 'get_weather', description: 'Weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }]);
      expect(body.tool_choice).toEqual({ type: 'any' });
      expect(body.stop_sequences).toEqual(['END']);
      expect(body.max_tokens).toBe(4096);
    }),
  );

  test('named tool choice and disabled parallel calls reach the wire', () =>
    run(async (fake, ctx) => {
      fake.script({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Oslo"}' }] });
      await adapter.complete(req({ toolChoice: { type: 'function', function: { name: 'get_weather' } }, parallelToolCalls: false }), ctx);
      expect(fake.requests[0]!.body.tool_choice).toEqual({ type: 'tool', name: 'get_weather', disable_parallel_tool_use: true });
    }),
  );

  test('invalid tool-call arguments are refused with a clear error', () => {
    const bad = req({
      messages: [
        { role: 'user', content: 'x' },
        { role: 'assistant', content: null, toolCalls: [{ id: 'toolu_9', type: 'function', function: { name: 'f', arguments: '{oops' } }] },
        { role: 'tool', toolCallId: 'toolu_9', content: 'r' },
      ],
    });
    expect(() => adapter.validate(bad)).toThrow(/toolu_9 \(f\) has: \{oops/);
  });

  test('video input is refused', () => {
    expect(() => adapter.validate(req({ messages: [{ role: 'user', content: [{ type: 'video', mimeType: 'video/mp4', data: 'AA==' }] }] }))).toThrow(
      ProviderError,
    );
  });
});

describe('anthropic prompt caching', () => {
  test('breakpoints on the last system block and the last block of the last message only', () =>
    run(async (fake, ctx) => {
      fake.script({ text: 'ok', cachedTokens: 10, cacheCreationTokens: 5 });
      const result = await adapter.complete(
        req({
          promptCaching: true,
          messages: [
            { role: 'system', content: 'first' },
            { role: 'system', content: 'second' },
            { role: 'user', content: 'question one' },
            { role: 'assistant', content: 'answer one' },
            { role: 'user', content: [{ type: 'text', text: 'part a' }, { type: 'text', text: 'part b' }] },
          ],
        }),
        ctx,
      );
      const { body } = fake.requests[0]!;
      expect(body.system[0].cache_control).toBeUndefined();
      expect(body.system[1].cache_control).toEqual({ type: 'ephemeral' });
      expect(body.messages[0].content[0].cache_control).toBeUndefined();
      expect(body.messages[1].content[0].cache_control).toBeUndefined();
      expect(body.messages[2].content[0].cache_control).toBeUndefined();
      expect(body.messages[2].content[1].cache_control).toEqual({ type: 'ephemeral' });
      expect(result.usage.cachedTokens).toBe(10);
      expect(result.usage.cacheCreationTokens).toBe(5);
      expect(result.usage.inputTokens).toBeGreaterThanOrEqual(15);
    }),
  );

  test('no breakpoints without promptCaching', () =>
    run(async (fake, ctx) => {
      await adapter.complete(req({ messages: [{ role: 'system', content: 's' }, { role: 'user', content: 'u' }] }), ctx);
      expect(JSON.stringify(fake.requests[0]!.body)).not.toContain('cache_control');
    }),
  );
});

describe('anthropic thinking', () => {
  test('the budget comes on top of maxTokens', () =>
    run(async (fake, ctx) => {
      const result = await adapter.complete(req({ maxTokens: 1000, thinkingMode: { enabled: true, budget: 2000 } }), ctx);
      expect(fake.requests[0]!.body.max_tokens).toBe(3000);
      expect(fake.requests[0]!.body.thinking).toEqual({ type: 'enabled', budget_tokens: 2000 });
      expect(result.reasoning).toBe('Considering the question.');
    }),
  );

  test('the sum is capped at the model maximum output', () =>
    run(async (fake, ctx) => {
      await adapter.complete(req({ model: 'claude-3-5-haiku-latest', maxTokens: 8000, thinkingMode: { enabled: true, budget: 4000 } }), ctx);
      expect(fake.requests[0]!.body.max_tokens).toBe(8192);
    }),
  );

  test('a catalogue lookup overrides the built-in table', () =>
    run(async (fake, ctx) => {
      const custom = createAnthropicAdapter({ maxOutputTokens: () => 5000 });
      await custom.complete(req({ maxTokens: 4000, thinkingMode: { enabled: true, budget: 2000 } }), ctx);
      expect(fake.requests[0]!.body.max_tokens).toBe(5000);
    }),
  );

  test('anthropicMaxTokens takes the cap as an argument', () => {
    expect(anthropicMaxTokens(undefined, undefined, undefined)).toBe(4096);
    expect(anthropicMaxTokens(undefined, undefined, 1000)).toBe(1000);
    expect(anthropicMaxTokens(1000, 2000, 64_000)).toBe(3000);
    expect(anthropicMaxTokens(60_000, 10_000, 64_000)).toBe(64_000);
    expect(() => anthropicMaxTokens(100, 8000, 8000)).toThrow(ProviderError);
    expect(fallbackMaxOutput('claude-sonnet-4-5-20250929')).toBe(64_000);
    expect(fallbackMaxOutput('claude-opus-4-1')).toBe(32_000);
  });

  test('temperature other than 1, tiny budgets and forced tools are refused with thinking', () => {
    const thinking = { enabled: true, budget: 2048 };
    expect(() => adapter.validate(req({ thinkingMode: thinking, temperature: 0.5 }))).toThrow(/temperature/);
    expect(() => adapter.validate(req({ thinkingMode: thinking, temperature: 1 }))).not.toThrow();
    expect(() => adapter.validate(req({ thinkingMode: { enabled: true, budget: 500 } }))).toThrow(/budget/);
    expect(() => adapter.validate(req({ thinkingMode: thinking, responseFormat: 'json' }))).toThrow(ProviderError);
  });

  test('thinking streams as reasoning', () =>
    run(async (_fake, ctx) => {
      const result = await streamed(adapter, req({ thinkingMode: { enabled: true, effort: 'low' } }), ctx);
      expect(result.reasoning).toBe('Considering the question.');
      expect(result.content).toBe('echo: hi');
    }),
  );
});

describe('anthropic answers', () => {
  test('stop_sequence finish names the sequence', () =>
    run(async (fake, ctx) => {
      fake.script({ text: 'up to', finishReason: 'stop_sequence' }, { text: 'up to', finishReason: 'stop_sequence' });
      const r = req({ stop: ['HALT'] });
      for (const result of [await adapter.complete(r, ctx), await streamed(adapter, r, ctx)]) {
        expect(result.finishReason).toBe('stop');
        expect(result.stopSequence).toBe('HALT');
      }
    }),
  );

  test.each([
    ['max_tokens', 'length'],
    ['refusal', 'content_filter'],
    ['pause_turn', 'length'],
  ])('stop_reason %s -> %s', (stop, finish) =>
    run(async (fake, ctx) => {
      fake.script({ text: 'x', finishReason: stop });
      expect((await adapter.complete(req(), ctx)).finishReason).toBe(finish);
    }),
  );

  test('json_schema output is a forced tool whose input becomes the content', () =>
    run(async (fake, ctx) => {
      const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
      fake.script({ text: '{"city":"Paris"}' }, { text: '{"city":"Paris"}' });
      const r = req({ responseFormat: 'json_schema', jsonSchema: { name: 'place', schema } });
      const [complete, stream] = [await adapter.complete(r, ctx), await streamed(adapter, r, ctx)];
      expect(fake.requests[0]!.body.tools).toEqual([expect.objectContaining({ name: 'place', input_schema: schema })]);
      expect(fake.requests[0]!.body.tool_choice).toEqual({ type: 'tool', name: 'place' });
      for (const result of [complete, stream]) {
        expect(JSON.parse(result.content)).toEqual({ city: 'Paris' });
        expect(result.toolCalls).toBeUndefined();
        expect(result.finishReason).toBe('stop');
      }
    }),
  );

  test('web search becomes the server tool and its citations come back', () =>
    run(async (fake, ctx) => {
      const urls = ['https://example.com/a', 'https://example.com/b'];
      fake.script({ text: 'Found it.', citations: urls }, { text: 'Found it.', citations: urls });
      const r = req({ webSearch: { enabled: true, maxUses: 3, allowedDomains: ['example.com'] } });
      const [complete, stream] = [await adapter.complete(r, ctx), await streamed(adapter, r, ctx)];
      expect(fake.requests[0]!.body.tools).toEqual([{ type: 'web_search_20250305', name: 'web_search', max_uses: 3, allowed_domains: ['example.com'] }]);
      expect(complete.citations).toEqual(urls);
      expect(stream.citations).toEqual(urls);
    }),
  );

  test('web search options Anthropic cannot honour are refused', () => {
    expect(() => adapter.validate(req({ webSearch: { enabled: true, recencyFilter: 'week' } }))).toThrow(/recencyFilter/);
    expect(() => adapter.validate(req({ webSearch: { enabled: true, allowedDomains: ['a.com'], blockedDomains: ['b.com'] } }))).toThrow(ProviderError);
    expect(() => adapter.validate(req({ frequencyPenalty: 1 }))).toThrow(/penalties/);
  });
});
