import { describe, expect, test } from 'vitest';
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { streamed, withFake } from '../testing/adapter.ts';
import { ProviderError } from '../types.ts';
import provider from './index.ts';
import { startFake } from './fake.ts';

const adapter = provider.createAdapter();
const run = <T>(body: Parameters<typeof withFake<T>>[2]) => withFake(startFake, 'groq', body);
const req = (over: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  provider: 'groq',
  model: 'llama-3.3-70b-versatile',
  messages: [{ role: 'user', content: 'hi' }],
  ...over,
});

describe('groq', () => {
  test('calls /openai/v1/chat/completions and reads a stream\'s usage from x_groq', () =>
    run(async (fake, ctx) => {
      const result = await adapter.complete(req(), ctx);
      const streamedResult = await streamed(adapter, req(), ctx);
      expect(fake.requests.map((r) => r.path)).toEqual(['/openai/v1/chat/completions', '/openai/v1/chat/completions']);
      expect(fake.requests[1]!.body.stream_options).toBeUndefined();
      expect(streamedResult.usage.inputTokens).toBeGreaterThan(0);
      expect(streamedResult.usage).toEqual(result.usage);
    }),
  );

  test.each<[string, Partial<CanonicalRequest>]>([
    ['logprobs', { logprobs: { top: 2 } }],
    ['logitBias', { logitBias: { '1': 5 } }],
    ['n = 2', { n: 2 }],
    ['frequency/presence penalties', { frequencyPenalty: 0.5 }],
  ])('%s, which Groq answers 400 or ignores, is refused before any call', (option, over) =>
    run(async (fake, ctx) => {
      const err = await adapter.complete(req(over), ctx).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProviderError);
      expect((err as ProviderError).code).toBe('unsupported_option');
      expect((err as ProviderError).message).toContain(option);
      expect(fake.requests).toHaveLength(0);
    }),
  );

  test('gpt-oss reasons at an effort; its reasoning comes back, streamed and not', () =>
    run(async (fake, ctx) => {
      const r = req({ model: 'openai/gpt-oss-120b', thinkingMode: { enabled: true, effort: 'minimal' } });
      fake.script({ reasoning: 'Thinking hard.' }, { reasoning: 'Thinking hard.' });
      for (const result of [await adapter.complete(r, ctx), await streamed(adapter, r, ctx)]) {
        expect(result.reasoning).toBe('Thinking hard.');
        expect(result.content).toBe('echo: hi');
      }
      expect(fake.requests[0]!.body.reasoning_effort).toBe('low');
    }),
  );

  test('Qwen3 only switches reasoning on; an effort there, or thinking on a model that cannot, is refused', () => {
    expect(adapter.validate(req({ model: 'qwen/qwen3-32b', thinkingMode: { enabled: true } }))).toMatchObject({
      body: { reasoning_effort: 'default', reasoning_format: 'parsed' },
    });
    expect(() => adapter.validate(req({ model: 'qwen/qwen3-32b', thinkingMode: { enabled: true, effort: 'high' } }))).toThrow(/only switches reasoning on or off/);
    expect(() => adapter.validate(req({ thinkingMode: { enabled: true } }))).toThrow(/does not reason/);
  });

  test("a 429 with Groq's typed body is rate_limited, after waiting its retry-after", () =>
    run(async (fake, ctx) => {
      const limited = {
        status: 429,
        headers: { 'retry-after': '0.05' },
        body: { error: { message: 'Rate limit reached for model `llama-3.3-70b-versatile` on tokens per minute (TPM)', type: 'tokens', code: 'rate_limit_exceeded' } },
      };
      fake.script(limited, limited, limited);
      const err = (await adapter.complete(req(), ctx).catch((e: unknown) => e)) as ProviderError;
      expect(err.code).toBe('rate_limited');
      expect(err.message).toContain('tokens per minute');
      expect(fake.requests).toHaveLength(3);
    }),
  );
});
