import { describe, expect, test } from 'vitest';
import { providerSettings } from '../settings.ts';
import { withFake } from '../testing/adapter.ts';
import { ProviderError } from '../types.ts';
import provider from './index.ts';
import { startFake } from './fake.ts';

const adapter = provider.createAdapter();

const run = <T>(body: Parameters<typeof withFake<T>>[2]) => withFake(startFake, 'localai', body);

describe('localai', () => {
  test('speaks the OpenAI protocol under /v1 without a key, lists its models', () =>
    run(async (fake, ctx) => {
      await adapter.complete({ provider: 'localai', model: 'llama-3.2-1b-instruct', messages: [{ role: 'user', content: 'hi' }] }, ctx);
      expect(fake.requests[0]!.path).toBe('/v1/chat/completions');
      expect(fake.requests[0]!.headers.authorization).toBeUndefined();
      const models = await adapter.listModels!(ctx);
      expect(models).toContainEqual({ id: 'llama-3.2-1b-instruct', capabilities: ['chat'] });
    }),
  );

  test('a runtime that is not running fails fast, naming its address', async () => {
    const settings = providerSettings('localai', { LOCALAI_BASE_URL: 'http://127.0.0.1:9' });
    const started = Date.now();
    const err = await adapter
      .complete({ provider: 'localai', model: 'm', messages: [{ role: 'user', content: 'hi' }] }, { settings, signal: new AbortController().signal })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).code).toBe('unreachable');
    expect((err as ProviderError).message).toContain('http://127.0.0.1:9');
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
