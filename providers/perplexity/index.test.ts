import { describe, expect, test } from 'vitest';
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { streamed, withFake } from '../testing/adapter.ts';
import provider from './index.ts';
import { startFake } from './fake.ts';

const adapter = provider.createAdapter();

const run = <T>(body: Parameters<typeof withFake<T>>[2]) => withFake(startFake, 'perplexity', body);

const req = (over: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  provider: 'perplexity',
  model: 'sonar',
  messages: [{ role: 'user', content: 'news?' }],
  ...over,
});

describe('perplexity', () => {
  test('search results become citations, streamed and not', () =>
    run(async (fake, ctx) => {
      const citations = ['https://a.example/1', 'https://b.example/2'];
      fake.script({ text: 'See [1][2].', citations }, { text: 'See [1][2].', citations });
      const [complete, stream] = [await adapter.complete(req(), ctx), await streamed(adapter, req(), ctx)];
      expect(complete.citations).toEqual(citations);
      expect(stream.citations).toEqual(citations);
      expect(fake.requests[0]!.path).toBe('/chat/completions');
    }),
  );

  test('web search filters: one domain list with "-" for blocked, recency filter', () =>
    run(async (fake, ctx) => {
      await adapter.complete(req({ webSearch: { enabled: true, allowedDomains: ['nature.com'], blockedDomains: ['pinterest.com'], recencyFilter: 'week' } }), ctx);
      expect(fake.requests[0]!.body).toMatchObject({ search_domain_filter: ['nature.com', '-pinterest.com'], search_recency_filter: 'week' });
    }),
  );

  test('webSearch disabled switches search off', () =>
    run(async (fake, ctx) => {
      await adapter.complete(req({ webSearch: { enabled: false } }), ctx);
      expect(fake.requests[0]!.body.disable_search).toBe(true);
    }),
  );

  test('JSON output goes as a json_schema, the only structured format Perplexity takes', () =>
    run(async (fake, ctx) => {
      const result = await adapter.complete(req({ responseFormat: 'json' }), ctx);
      expect(fake.requests[0]!.body.response_format).toEqual({ type: 'json_schema', json_schema: { schema: { type: 'object' } } });
      expect(JSON.parse(result.content)).toEqual({ answer: 'echo: news?' });
    }),
  );

  test('tools, search budgets, too many domains and thinking on sonar are refused', () => {
    expect(() => adapter.validate(req({ tools: [{ type: 'function', function: { name: 'f' } }] }))).toThrow(/tools/);
    expect(() => adapter.validate(req({ webSearch: { enabled: true, maxUses: 2 } }))).toThrow(/maxUses/);
    const many = Array.from({ length: 21 }, (_, i) => `d${i}.com`);
    expect(() => adapter.validate(req({ webSearch: { enabled: true, allowedDomains: many } }))).toThrow(/20 search domains/);
    expect(() => adapter.validate(req({ thinkingMode: { enabled: true } }))).toThrow(/sonar-deep-research/);
    expect(() => adapter.validate(req({ model: 'sonar-deep-research', thinkingMode: { enabled: true, effort: 'high' } }))).not.toThrow();
  });
});
