import { describe, expect, test } from 'vitest';
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { streamed, withFake } from '../testing/adapter.ts';
import provider from './index.ts';
import { startFake } from './fake.ts';

const adapter = provider.createAdapter();

const run = <T>(body: Parameters<typeof withFake<T>>[2]) => withFake(startFake, 'deepseek', body);

const req = (over: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  provider: 'deepseek',
  model: 'deepseek-chat',
  messages: [{ role: 'user', content: 'hi' }],
  ...over,
});

describe('deepseek', () => {
  test('cache hit tokens become cachedTokens; the path has no /v1', () =>
    run(async (fake, ctx) => {
      fake.script({ text: 'ok', cachedTokens: 3 });
      const result = await adapter.complete(req({ messages: [{ role: 'user', content: 'x'.repeat(100) }] }), ctx);
      expect(fake.requests[0]!.path).toBe('/chat/completions');
      expect(result.usage.cachedTokens).toBe(3);
      expect(result.usage.inputTokens).toBe(25);
    }),
  );

  test('the reasoner returns reasoning_content as reasoning, streamed and not', () =>
    run(async (_fake, ctx) => {
      const r = req({ model: 'deepseek-reasoner' });
      for (const result of [await adapter.complete(r, ctx), await streamed(adapter, r, ctx)]) {
        expect(result.reasoning).toBe('Let me think this through.');
        expect(result.content).toBe('echo: hi');
      }
    }),
  );

  test('reasoning is sent back with tool-calling turns, as thinking mode requires', () =>
    run(async (fake, ctx) => {
      const result = await adapter.complete(
        req({
          model: 'deepseek-reasoner',
          tools: [{ type: 'function', function: { name: 'f' } }],
          messages: [
            { role: 'user', content: 'go' },
            { role: 'assistant', content: null, reasoning: 'I should call f.', toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
            { role: 'tool', toolCallId: 'call_1', content: 'done' },
          ],
        }),
        ctx,
      );
      expect(result.content).toBe('tool said: done');
      expect(fake.requests[0]!.body.messages[1].reasoning_content).toBe('I should call f.');
    }),
  );

  test('thinkingMode switches thinking on with an effort', () =>
    run(async (fake, ctx) => {
      await adapter.complete(req({ thinkingMode: { enabled: true, effort: 'high' } }), ctx);
      expect(fake.requests[0]!.body).toMatchObject({ thinking: { type: 'enabled' }, reasoning_effort: 'high' });
    }),
  );

  test('parameters thinking mode ignores, json_schema and images are refused', () => {
    expect(() => adapter.validate(req({ model: 'deepseek-reasoner', temperature: 0.2 }))).toThrow(/temperature/);
    expect(() => adapter.validate(req({ thinkingMode: { enabled: true }, topP: 0.5 }))).toThrow(/topP/);
    expect(() => adapter.validate(req({ temperature: 0.2 }))).not.toThrow();
    expect(() => adapter.validate(req({ responseFormat: 'json_schema', jsonSchema: { type: 'object' } }))).toThrow(/json_schema/);
    expect(() => adapter.validate(req({ messages: [{ role: 'user', content: [{ type: 'image', url: 'http://x/y.png' }] }] }))).toThrow(/image/);
  });
});
