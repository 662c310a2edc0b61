import { describe, expect, test } from 'vitest';
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { streamed, withFake } from '../testing/adapter.ts';
import provider, { mistralToolIds } from './index.ts';
import { startFake } from './fake.ts';

const adapter = provider.createAdapter();

const run = <T>(body: Parameters<typeof withFake<T>>[2]) => withFake(startFake, 'mistral', body);

const req = (over: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  provider: 'mistral',
  model: 'mistral-large-latest',
  messages: [{ role: 'user', content: 'hi' }],
  ...over,
});

const foreign = { id: 'toolu_01A09q90qw90lq917835lq9', type: 'function' as const, function: { name: 'f', arguments: '{"x":1}' } };

describe('mistral', () => {
  test('seed goes out as random_seed (Mistral refuses unknown fields), n as n, streamed per choice', () =>
    run(async (fake, ctx) => {
      const result = await adapter.complete(req({ seed: 7, n: 2 }), ctx);
      expect(fake.requests[0]!.body).toMatchObject({ random_seed: 7, n: 2 });
      expect(fake.requests[0]!.body.seed).toBeUndefined();
      expect(result.choices).toHaveLength(1);
      const both = await streamed(adapter, req({ n: 2 }), ctx);
      expect(both.content).toBe('echo: hi');
      expect(both.choices!.map((c) => [c.content, c.finishReason])).toEqual([['echo: hi (choice 1)', 'stop']]);
    }),
  );

  test('foreign tool-call ids become stable 9-character ids that the upstream accepts', () =>
    run(async (fake, ctx) => {
      const result = await adapter.complete(
        req({
          tools: [{ type: 'function', function: { name: 'f' } }],
          messages: [
            { role: 'user', content: 'go' },
            { role: 'assistant', content: null, toolCalls: [foreign] },
            { role: 'tool', toolCallId: foreign.id, content: 'ok' },
          ],
        }),
        ctx,
      );
      expect(result.content).toBe('tool said: ok');
      const [assistant, tool] = fake.requests[0]!.body.messages.slice(1);
      expect(assistant.tool_calls[0].id).toMatch(/^[a-zA-Z0-9]{9}$/);
      expect(tool.tool_call_id).toBe(assistant.tool_calls[0].id);
    }),
  );

  test('the id map translates back and leaves valid ids alone', () => {
    const ids = mistralToolIds();
    const wire = ids.toWire('call_abc-123');
    expect(wire).toMatch(/^[a-zA-Z0-9]{9}$/);
    expect(ids.fromWire(wire)).toBe('call_abc-123');
    expect(ids.toWire('abcDEF123')).toBe('abcDEF123');
    expect(mistralToolIds().toWire('call_abc-123')).toBe(wire);
  });

  test('tool calls come back with Mistral ids, whole per chunk when streamed', () =>
    run(async (fake, ctx) => {
      const call = { name: 'f', arguments: '{"x":1}' };
      fake.script({ toolCalls: [call] }, { toolCalls: [call] });
      const r = req({ tools: [{ type: 'function', function: { name: 'f' } }], toolChoice: 'required' });
      const [complete, stream] = [await adapter.complete(r, ctx), await streamed(adapter, r, ctx)];
      expect(complete.toolCalls![0]!.id).toMatch(/^[a-zA-Z0-9]{9}$/);
      expect(stream.toolCalls![0]!.function).toEqual({ name: 'f', arguments: '{"x":1}' });
      expect(fake.requests[0]!.body.tool_choice).toBe('any');
    }),
  );

  test('no OpenAI-only fields: max_tokens, no stream_options; usage from the last chunk', () =>
    run(async (fake, ctx) => {
      const result = await streamed(adapter, req({ maxTokens: 50, responseFormat: 'json' }), ctx);
      const { body } = fake.requests[0]!;
      expect(body.max_tokens).toBe(50);
      expect(body.stream_options).toBeUndefined();
      expect(body.response_format).toEqual({ type: 'json_object' });
      expect(result.usage.inputTokens).toBeGreaterThan(0);
    }),
  );

  test('options Mistral cannot honour are refused', () => {
    expect(() => adapter.validate(req({ promptCacheKey: 'k' }))).toThrow(/promptCacheKey/);
    expect(() => adapter.validate(req({ webSearch: { enabled: true } }))).toThrow(/Agents API/);
    expect(() => adapter.validate(req({ thinkingMode: { enabled: true } }))).toThrow(/magistral/);
  });

  test('embeddings use output_dimension', () =>
    run(async (fake, ctx) => {
      const result = await adapter.embed!({ provider: 'mistral', model: 'mistral-embed', input: ['a'], dimensions: 6 }, ctx);
      expect(fake.requests[0]!.body).toEqual({ model: 'mistral-embed', input: ['a'], output_dimension: 6 });
      expect(result.dimensions).toBe(6);
    }),
  );
});
