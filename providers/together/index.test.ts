import { describe, expect, test } from 'vitest';
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { streamed, withFake } from '../testing/adapter.ts';
import provider from './index.ts';
import { startFake } from './fake.ts';

const adapter = provider.createAdapter();
const run = <T>(body: Parameters<typeof withFake<T>>[2]) => withFake(startFake, 'together', body);
const req = (over: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  provider: 'together',
  model: 'deepseek-ai/DeepSeek-V3.1',
  messages: [{ role: 'user', content: 'hi' }],
  ...over,
});

describe('together', () => {
  test('a hybrid model switches reasoning on with reasoning.enabled and returns it, streamed and not', () =>
    run(async (fake, ctx) => {
      const r = req({ thinkingMode: { enabled: true } });
      fake.script({ reasoning: 'Hmm.' }, { reasoning: 'Hmm.' });
      for (const result of [await adapter.complete(r, ctx), await streamed(adapter, r, ctx)]) expect(result.reasoning).toBe('Hmm.');
      expect(fake.requests[0]!.body.reasoning).toEqual({ enabled: true });
      expect(fake.requests[1]!.body.stream_options).toBeUndefined();
    }),
  );

  test('gpt-oss takes an effort; an effort for a hybrid model is refused', () => {
    expect(adapter.validate(req({ model: 'openai/gpt-oss-120b', thinkingMode: { enabled: true, effort: 'high' } }))).toMatchObject({ body: { reasoning_effort: 'high' } });
    expect(() => adapter.validate(req({ thinkingMode: { enabled: true, effort: 'high' } }))).toThrow(/only switches reasoning on/);
  });

  test('logprobs (a count with a shape of its own there) is refused before any call', () =>
    run(async (fake, ctx) => {
      await expect(adapter.complete(req({ logprobs: { top: 1 } }), ctx)).rejects.toMatchObject({ code: 'unsupported_option' });
      expect(fake.requests).toHaveLength(0);
    }),
  );

  test('embeddings send the model and input only; a wanted size is refused', () =>
    run(async (fake, ctx) => {
      const result = await adapter.embed!({ provider: 'together', model: 'BAAI/bge-base-en-v1.5', input: ['a', 'b'] }, ctx);
      expect(result.embeddings).toHaveLength(2);
      expect(fake.requests[0]!.body).toEqual({ model: 'BAAI/bge-base-en-v1.5', input: ['a', 'b'] });
      await expect(adapter.embed!({ provider: 'together', model: 'BAAI/bge-base-en-v1.5', input: ['a'], dimensions: 64 }, ctx)).rejects.toMatchObject({
        code: 'unsupported_option',
      });
      expect(fake.requests).toHaveLength(1);
    }),
  );
});
