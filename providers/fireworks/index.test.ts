import { describe, expect, test } from 'vitest';
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { withFake } from '../testing/adapter.ts';
import provider from './index.ts';
import { startFake } from './fake.ts';

const adapter = provider.createAdapter();
const run = <T>(body: Parameters<typeof withFake<T>>[2]) => withFake(startFake, 'fireworks', body);
const req = (over: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  provider: 'fireworks',
  model: 'accounts/fireworks/models/llama-v3p3-70b-instruct',
  messages: [{ role: 'user', content: 'hi' }],
  ...over,
});

describe('fireworks', () => {
  test('calls /inference/v1 and sends a prompt-cache key under its own name', () =>
    run(async (fake, ctx) => {
      const result = await adapter.complete(req({ promptCacheKey: 'tenant-7' }), ctx);
      expect(result.content).toBe('echo: hi');
      expect(fake.requests[0]!.path).toBe('/inference/v1/chat/completions');
      expect(fake.requests[0]!.body.prompt_cache_isolation_key).toBe('tenant-7');
      expect(fake.requests[0]!.body.prompt_cache_key).toBeUndefined();
    }),
  );

  test('reasoning_effort is low, medium or high; minimal is refused', () => {
    expect(adapter.validate(req({ thinkingMode: { enabled: true, budget: 500 } }))).toMatchObject({ body: { reasoning_effort: 'low' } });
    expect(() => adapter.validate(req({ thinkingMode: { enabled: true, effort: 'minimal' } }))).toThrow(/minimal/);
  });

  test('embeddings pass a wanted size', () =>
    run(async (fake, ctx) => {
      const result = await adapter.embed!({ provider: 'fireworks', model: 'nomic-ai/nomic-embed-text-v1.5', input: ['a'], dimensions: 16 }, ctx);
      expect(result.dimensions).toBe(16);
      expect(fake.requests[0]!.path).toBe('/inference/v1/embeddings');
    }),
  );
});
