import { describe, expect, test } from 'vitest';
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { streamed, withFake } from '../testing/adapter.ts';
import { ProviderError } from '../types.ts';
import provider from './index.ts';
import { startFake } from './fake.ts';

const adapter = provider.createAdapter();
const run = <T>(body: Parameters<typeof withFake<T>>[2]) => withFake(startFake, 'cerebras', body);
const req = (over: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  provider: 'cerebras',
  model: 'llama-3.3-70b',
  messages: [{ role: 'user', content: 'hi' }],
  ...over,
});

describe('cerebras', () => {
  test.each<[string, Partial<CanonicalRequest>]>([
    ['frequency/presence penalties', { presencePenalty: 0.2 }],
    ['logitBias', { logitBias: { '9': 1 } }],
    ['parallelToolCalls', { tools: [{ type: 'function', function: { name: 'f' } }], parallelToolCalls: false }],
  ])('%s, which Cerebras answers 400, is refused before any call', (option, over) =>
    run(async (fake, ctx) => {
      const err = (await adapter.complete(req(over), ctx).catch((e: unknown) => e)) as ProviderError;
      expect(err).toBeInstanceOf(ProviderError);
      expect(err.code).toBe('unsupported_option');
      expect(err.message).toContain(option);
      expect(fake.requests).toHaveLength(0);
    }),
  );

  test('its top-level error body reaches the message of the refusal', () =>
    run(async (fake, ctx) => {
      fake.script({ status: 400, body: { message: 'Model llama-9 does not exist or you do not have access to it.', type: 'not_found_error', param: 'model', code: 'model_not_found' } });
      const err = (await adapter.complete(req(), ctx).catch((e: unknown) => e)) as ProviderError;
      expect(err.code).toBe('upstream_rejected');
      expect(err.message).toContain('does not exist');
    }),
  );

  test('gpt-oss reasons at an effort and its reasoning comes back; other models refuse thinking', () =>
    run(async (fake, ctx) => {
      const r = req({ model: 'gpt-oss-120b', thinkingMode: { enabled: true, budget: 20_000 } });
      fake.script({ reasoning: 'Step by step.' }, { reasoning: 'Step by step.' });
      for (const result of [await adapter.complete(r, ctx), await streamed(adapter, r, ctx)]) expect(result.reasoning).toBe('Step by step.');
      expect(fake.requests[0]!.body).toMatchObject({ reasoning_effort: 'high', max_completion_tokens: 20_000 });
      expect(() => adapter.validate(req({ thinkingMode: { enabled: true } }))).toThrow(/takes no reasoning effort/);
    }),
  );
});
