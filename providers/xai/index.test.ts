import { describe, expect, test } from 'vitest';
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { withFake } from '../testing/adapter.ts';
import provider from './index.ts';
import { startFake } from './fake.ts';

const adapter = provider.createAdapter();

const run = <T>(body: Parameters<typeof withFake<T>>[2]) => withFake(startFake, 'xai', body);

const req = (over: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  provider: 'xai',
  model: 'grok-3-mini',
  messages: [{ role: 'user', content: 'hi' }],
  ...over,
});

describe('xai', () => {
  test('reasoning tokens reported beside completion_tokens count as output', () =>
    run(async (fake, ctx) => {
      fake.script({ text: 'answer', reasoning: 'thinking hard about it' });
      const result = await adapter.complete(req({ thinkingMode: { enabled: true, effort: 'high' } }), ctx);
      expect(fake.requests[0]!.body.reasoning_effort).toBe('high');
      expect(result.reasoning).toBe('thinking hard about it');
      expect(result.usage.reasoningTokens).toBe(6);
      expect(result.usage.outputTokens).toBe(2 + 6);
      expect(result.usage.totalTokens).toBe(result.usage.inputTokens + result.usage.outputTokens);
    }),
  );

  test('reasoning models refuse penalties and stop; others take them', () =>
    run(async (fake, ctx) => {
      expect(() => adapter.validate(req({ presencePenalty: 1 }))).toThrow(/penalties/);
      expect(() => adapter.validate(req({ model: 'grok-4', stop: ['x'] }))).toThrow(/stop/);
      await adapter.complete(req({ model: 'grok-4-fast-non-reasoning', stop: ['x'], frequencyPenalty: 0.5 }), ctx);
      expect(fake.requests[0]!.body).toMatchObject({ stop: ['x'], frequency_penalty: 0.5 });
    }),
  );

  test('logprobs: up to 8 alternatives per token are forwarded, more are refused', () =>
    run(async (fake, ctx) => {
      const result = await adapter.complete(req({ model: 'grok-4', logprobs: { top: 8 } }), ctx);
      expect(fake.requests[0]!.body).toMatchObject({ logprobs: true, top_logprobs: 8 });
      expect(result.logprobs!.every((t) => t.top.length === 8)).toBe(true);
      expect(() => adapter.validate(req({ logprobs: { top: 9 } }))).toThrow(/top_logprobs = 9.*at most 8/);
    }),
  );

  test('web search is refused: Live Search on chat completions is gone', () => {
    expect(() => adapter.validate(req({ webSearch: { enabled: true } }))).toThrow(/Responses API/);
  });
});
