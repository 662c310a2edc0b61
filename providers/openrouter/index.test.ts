import { describe, expect, test } from 'vitest';
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { completionCost } from '../../pricing/cost.ts';
import { providerSettings } from '../settings.ts';
import { collect, streamed, withFake } from '../testing/adapter.ts';
import type { Fake } from '../testing/fake.ts';
import { ProviderError, type CallContext } from '../types.ts';
import provider from './index.ts';
import { startFake } from './fake.ts';

const adapter = provider.createAdapter();
const run = <T>(body: Parameters<typeof withFake<T>>[2]) => withFake(startFake, 'openrouter', body);
const req = (over: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  provider: 'openrouter',
  model: 'anthropic/claude-sonnet-4.5',
  messages: [{ role: 'user', content: 'hi' }],
  ...over,
});

function withPreferences(fake: Fake, preferences: string): CallContext {
  const env = { OPENROUTER_BASE_URL: fake.url, OPENROUTER_API_KEY: 'sk-or-test', OPENROUTER_PROVIDER_PREFERENCES: preferences };
  return { settings: providerSettings('openrouter', env), signal: new AbortController().signal, timeoutMs: 5_000 };
}

describe('openrouter', () => {
  test("the operator's routing preferences go with every call, streamed and not", () =>
    run(async (fake) => {
      const ctx = withPreferences(fake, '{"order":["anthropic","amazon-bedrock"],"allow_fallbacks":false,"data_collection":"deny","max_price":{"prompt":4}}');
      await adapter.complete(req(), ctx);
      await collect(adapter.stream(req(), ctx));
      for (const r of fake.requests) {
        expect(r.path).toBe('/api/v1/chat/completions');
        expect(r.body.provider).toEqual({ order: ['anthropic', 'amazon-bedrock'], allow_fallbacks: false, data_collection: 'deny', max_price: { prompt: 4 } });
      }
    }),
  );

  test.each([
    ['not JSON', '{order:', /is not JSON/],
    ['an unknown field', '{"orderr":["anthropic"]}', /orderr/],
    ['a wrong value', '{"sort":"cheapest"}', /\/sort/],
  ])('preferences that are %s fail naming the variable, before any call', (_what, raw, why) =>
    run(async (fake) => {
      const err = (await adapter.complete(req(), withPreferences(fake, raw)).catch((e: unknown) => e)) as ProviderError;
      expect(err).toBeInstanceOf(ProviderError);
      expect(err.code).toBe('missing_config');
      expect(err.message).toContain('OPENROUTER_PROVIDER_PREFERENCES');
      expect(err.message).toMatch(why);
      expect(fake.requests).toHaveLength(0);
    }),
  );

  test('the cost OpenRouter reports is the call\'s price, streamed and not, whatever the catalogue says', () =>
    run(async (fake, ctx) => {
      fake.script({ text: 'ok', cachedTokens: 2 }, { text: 'ok', cachedTokens: 2 });
      const long = req({ messages: [{ role: 'user', content: 'x'.repeat(400) }] });
      const result = await adapter.complete(long, ctx);
      const viaStream = await streamed(adapter, long, ctx);
      const reported = (result.usage.inputTokens + result.usage.outputTokens) / 1_000_000;
      expect(result.usage.upstreamCostUsd).toBeCloseTo(reported, 12);
      expect(viaStream.usage).toEqual(result.usage);
      expect(result.usage.cachedTokens).toBe(2);
      // The catalogue prices claude-sonnet-4.5 at 3 / 15 USD per 1M: a different figure.
      const cost = completionCost('openrouter', 'anthropic/claude-sonnet-4.5', result.usage, { byok: false });
      expect(cost.customerPrice).toBe(Math.round(reported * 1e8) / 1e8);
      expect(cost.unpriced).toBeUndefined();
      expect(completionCost('openrouter', 'anthropic/claude-sonnet-4.5', result.usage, { byok: true }).customerPrice).toBe(0);
    }),
  );

  test("with OpenRouter's own bring-your-own-key the upstream's charge is added to its fee", () =>
    run(async (fake, ctx) => {
      fake.script({
        raw: JSON.stringify({
          id: 'gen-1',
          model: 'anthropic/claude-sonnet-4.5',
          choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12, cost: 0.0001, is_byok: true, cost_details: { upstream_inference_cost: 0.002 } },
        }),
        contentType: 'application/json',
      });
      const result = await adapter.complete(req(), ctx);
      expect(result.usage.upstreamCostUsd).toBeCloseTo(0.0021, 12);
    }),
  );

  test('thinking goes as reasoning.max_tokens for a budget and reasoning.effort for an effort', () => {
    expect(adapter.validate(req({ thinkingMode: { enabled: true, budget: 4000 } }))).toMatchObject({ body: { reasoning: { max_tokens: 4000 } } });
    expect(adapter.validate(req({ thinkingMode: { enabled: true, effort: 'low' } }))).toMatchObject({ body: { reasoning: { effort: 'low' } } });
  });

  test('web search is the web plugin with a result count; domain filters are refused', () => {
    expect(adapter.validate(req({ webSearch: { enabled: true, maxUses: 3 } }))).toMatchObject({ body: { plugins: [{ id: 'web', max_results: 3 }] } });
    expect(() => adapter.validate(req({ webSearch: { enabled: true, allowedDomains: ['example.com'] } }))).toThrow(/domain filters/);
  });

  test('n > 1 is refused before any call', () =>
    run(async (fake, ctx) => {
      await expect(adapter.complete(req({ n: 2 }), ctx)).rejects.toMatchObject({ code: 'unsupported_option' });
      expect(fake.requests).toHaveLength(0);
    }),
  );

  test('402 (credits used up) is refused with its message, not retried', () =>
    run(async (fake, ctx) => {
      fake.script({ status: 402, body: { error: { code: 402, message: 'Insufficient credits. Add more using https://openrouter.ai/credits' } } });
      const err = (await adapter.complete(req(), ctx).catch((e: unknown) => e)) as ProviderError;
      expect(err.code).toBe('upstream_rejected');
      expect(err.message).toContain('Insufficient credits');
      expect(fake.requests).toHaveLength(1);
    }),
  );
  test("a request's own preferences go upstream as its provider object, streamed and not, checked before any call", () =>
    run(async (fake, ctx) => {
      const own = { order: ['deepinfra', 'together'], allow_fallbacks: false, require_parameters: true, sort: 'throughput', quantizations: ['fp8'] };
      await adapter.complete(req({ providerPreferences: own }), ctx);
      await collect(adapter.stream(req({ providerPreferences: own }), ctx));
      expect(fake.requests.map((r) => r.body.provider)).toEqual([own, own]);
      const err = (await adapter.complete(req({ providerPreferences: { sort: 'cheapest', orderr: [] } }), ctx).catch((e: unknown) => e)) as ProviderError;
      expect(err.code).toBe('unsupported_option');
      expect(err.param).toBe('provider');
      expect(err.message).toMatch(/provider\.sort/);
      expect(err.message).toContain('orderr');
      expect(fake.requests).toHaveLength(2);
    }),
  );

  test("a request's preferences replace the operator's field by field but only narrow its restrictions", () =>
    run(async (fake) => {
      const operator = '{"order":["anthropic"],"data_collection":"deny","zdr":true,"ignore":["azure"],"only":["anthropic","amazon-bedrock","google-vertex"],"max_price":{"prompt":5,"completion":20}}';
      const ctx = withPreferences(fake, operator);
      const own = { order: ['amazon-bedrock'], data_collection: 'allow', zdr: false, ignore: ['groq'], only: ['amazon-bedrock', 'deepinfra'], max_price: { prompt: 8, completion: 10, request: 0.01 }, sort: 'price' };
      await adapter.complete(req({ providerPreferences: own }), ctx);
      expect(fake.requests[0]!.body.provider).toEqual({
        order: ['amazon-bedrock'],
        data_collection: 'deny',
        zdr: true,
        ignore: ['azure', 'groq'],
        only: ['amazon-bedrock'],
        max_price: { prompt: 5, completion: 10, request: 0.01 },
        sort: 'price',
      });
      const none = (await adapter.complete(req({ providerPreferences: { only: ['deepinfra'] } }), ctx).catch((e: unknown) => e)) as ProviderError;
      expect(none.code).toBe('unsupported_option');
      expect(none.message).toContain('the operator allows only anthropic, amazon-bedrock, google-vertex');
      expect(fake.requests).toHaveLength(1);
    }),
  );
});
