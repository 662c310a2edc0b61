import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { PROVIDER_IDS } from '../protocols/canonical.ts';
import {
  catalogue,
  CATALOGUE_PATH,
  defaultEmbeddingModel,
  defaultMediaModel,
  defaultModel,
  findModel,
  isTokenPricing,
  listModels,
  LOCAL_ENGINE_IDS,
  maxOutputTokens,
  publicModels,
  type CatalogueModel,
  type MediaKind,
  type TokenPricing,
} from './catalogue.ts';

const raw: unknown = JSON.parse(readFileSync(CATALOGUE_PATH, 'utf8'));
const schema: unknown = JSON.parse(readFileSync(new URL('./catalogue.schema.json', import.meta.url), 'utf8'));

// Ratios are compared after scaling to integers so 0.1 * 0.3 style float noise cannot fail a correct entry.
function sameRate(actual: number | null, expected: number): boolean {
  return actual !== null && Math.round(actual * 1e9) === Math.round(expected * 1e9);
}

function tokenModels(provider: string): { model: CatalogueModel; pricing: TokenPricing }[] {
  const entry = catalogue().providers[provider as keyof ReturnType<typeof catalogue>['providers']];
  return entry.models.flatMap((model) => (isTokenPricing(model.pricing) ? [{ model, pricing: model.pricing }] : []));
}

// Every tier a model can be billed at: the base rates and, where present, the long-context ones.
function tiers(pricing: TokenPricing): { input: number; cached: number | null }[] {
  const all = [{ input: pricing.inputPer1M, cached: pricing.cachedInputPer1M }];
  if (pricing.longContext) all.push({ input: pricing.longContext.inputPer1M, cached: pricing.longContext.cachedInputPer1M });
  return all;
}

describe('catalogue.json', () => {
  it('validates against catalogue.schema.json', () => {
    const ajv = new Ajv2020.default({ allErrors: true, strict: true });
    const validate = ajv.compile(schema as object);
    const ok = validate(raw);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('schema rejects the mistakes it exists to catch', () => {
    const ajv = new Ajv2020.default({ strict: true });
    const validate = ajv.compile(schema as object);
    const broken = (mutate: (c: any) => void) => {
      const copy = structuredClone(raw) as any;
      mutate(copy);
      return validate(copy);
    };
    expect(broken((c) => delete c.providers.xai)).toBe(false);
    expect(broken((c) => (c.providers.openai.models[0].pricing.cachedInputPer1M = '0.125'))).toBe(false);
    expect(broken((c) => (c.providers.openai.models[0].capabilities = ['chatting']))).toBe(false);
    expect(broken((c) => (c.providers.openai.models[0].effectiveFrom = '2025-13-01'))).toBe(false);
    // Token rates and a unit price on one model would make the price ambiguous.
    expect(broken((c) => Object.assign(c.providers.openai.models[0].pricing, { unit: 'image', unitPrice: 1 }))).toBe(false);
  });

  it('covers every provider id, with defaults that exist in its own model list', () => {
    const cat = catalogue();
    expect(Object.keys(cat.providers).sort()).toEqual([...PROVIDER_IDS, ...LOCAL_ENGINE_IDS].sort());
    for (const provider of PROVIDER_IDS) {
      const entry = cat.providers[provider];
      expect(findModel(provider, entry.defaultModel)?.id, `${provider} default`).toBe(entry.defaultModel);
      if (entry.defaultEmbeddingModel) {
        expect(findModel(provider, entry.defaultEmbeddingModel)?.capabilities, `${provider} embedding default`).toContain('embeddings');
      }
      for (const [kind, id] of Object.entries(entry.mediaDefaults ?? {})) {
        expect(findModel(provider, id!), `${provider} ${kind} default ${id}`).toBeDefined();
      }
    }
  });

  it('has no id or alias twice within a provider', () => {
    for (const provider of PROVIDER_IDS) {
      const ids = catalogue().providers[provider].models.flatMap((m) => [m.id, ...(m.aliases ?? [])]);
      expect(new Set(ids).size, provider).toBe(ids.length);
    }
  });

  it('never prices cached input above input, and chat models have a context and output limit', () => {
    for (const provider of PROVIDER_IDS) {
      for (const { model, pricing } of tokenModels(provider)) {
        for (const tier of tiers(pricing)) {
          if (tier.cached !== null) expect(tier.cached, `${provider}/${model.id}`).toBeLessThanOrEqual(tier.input);
        }
        if (model.capabilities.includes('chat')) {
          expect(model.contextWindow, `${provider}/${model.id}`).toBeGreaterThan(0);
          expect(model.maxOutputTokens, `${provider}/${model.id}`).toBeGreaterThan(0);
          expect(model.maxOutputTokens).toBeLessThanOrEqual(model.contextWindow);
        }
      }
    }
  });

  describe("document 1's prompt-caching rules", () => {
    const OPENAI_RATIO = { newest: 0.1, next: 0.25, oldest: 0.5 } as const;

    it('openai: cached input is 10% / 25% / 50% of input by generation', () => {
      for (const { model, pricing } of tokenModels('openai')) {
        if (model.capabilities.includes('embeddings')) continue;
        expect(model.cacheGeneration, model.id).toBeDefined();
        expect(sameRate(pricing.cachedInputPer1M, pricing.inputPer1M * OPENAI_RATIO[model.cacheGeneration!]), model.id).toBe(true);
        expect(pricing.cacheWritePer1M, model.id).toBeNull();
      }
    });

    it('openai: families sit in the generation their published cached rate puts them in', () => {
      const generation = (id: string) => findModel('openai', id)?.cacheGeneration;
      for (const id of ['gpt-5', 'gpt-5-mini', 'gpt-5-nano', 'gpt-5.1']) expect(generation(id), id).toBe('newest');
      // o3 and o4-mini are o-series but published at 25%, the gpt-4.1 generation's rate.
      for (const id of ['gpt-4.1', 'gpt-4.1-mini', 'gpt-4.1-nano', 'o3', 'o4-mini']) expect(generation(id), id).toBe('next');
      for (const id of ['gpt-4o', 'gpt-4o-mini', 'o1', 'o3-mini']) expect(generation(id), id).toBe('oldest');
    });

    it('gemini and vertex: cached input is 10% of input for newer models, 25% for older, in every tier', () => {
      for (const provider of ['gemini', 'vertex']) {
        for (const { model, pricing } of tokenModels(provider)) {
          if (model.capabilities.includes('embeddings')) continue;
          const ratio = model.cacheGeneration === 'newest' ? 0.1 : model.cacheGeneration === 'next' ? 0.25 : undefined;
          expect(ratio, `${provider}/${model.id} needs newest or next`).toBeDefined();
          for (const tier of tiers(pricing)) {
            expect(sameRate(tier.cached, tier.input * ratio!), `${provider}/${model.id}`).toBe(true);
          }
          if (/^gemini-(2\.5|3)/.test(model.id)) expect(model.cacheGeneration, model.id).toBe('newest');
          if (/^gemini-2\.0/.test(model.id)) expect(model.cacheGeneration, model.id).toBe('next');
        }
      }
    });

    it('anthropic: cache reads at 10% of input, cache writes at 125%', () => {
      const models = tokenModels('anthropic');
      expect(models.length).toBeGreaterThan(0);
      for (const { model, pricing } of models) {
        expect(sameRate(pricing.cachedInputPer1M, pricing.inputPer1M * 0.1), model.id).toBe(true);
        expect(sameRate(pricing.cacheWritePer1M, pricing.inputPer1M * 1.25), model.id).toBe(true);
      }
    });

    it('xai: a fixed cached rate between 0.20 and 0.50 USD per 1M for every text model', () => {
      const models = tokenModels('xai');
      expect(models.length).toBeGreaterThan(0);
      for (const { model, pricing } of models) {
        expect(pricing.cachedInputPer1M, model.id).not.toBeNull();
        expect(pricing.cachedInputPer1M!, model.id).toBeGreaterThanOrEqual(0.2);
        expect(pricing.cachedInputPer1M!, model.id).toBeLessThanOrEqual(0.5);
      }
    });

    it('local providers are free', () => {
      for (const provider of ['ollama', 'localai', 'local-audio', 'local-video'] as const) {
        for (const m of catalogue().providers[provider].models) {
          const p = m.pricing;
          const prices = isTokenPricing(p) ? [p.inputPer1M, p.outputPer1M, p.cachedInputPer1M ?? 0, p.cacheWritePer1M ?? 0] : [p.unitPrice];
          expect(prices.every((x) => x === 0), `${provider}/${m.id}`).toBe(true);
        }
      }
    });
  });
});

describe('findModel', () => {
  it.each([
    ['openai', 'gpt-4o-2024-08-06', 'gpt-4o'],
    ['openai', 'gpt-4o-mini-2024-07-18', 'gpt-4o-mini'],
    ['openai', 'gpt-5-2025-08-07', 'gpt-5'],
    ['openai', 'o3-2025-04-16', 'o3'],
    ['anthropic', 'claude-sonnet-4-5-20250929', 'claude-sonnet-4-5'],
    ['anthropic', 'claude-opus-4-20250514', 'claude-opus-4'],
    ['anthropic', 'claude-sonnet-4-0', 'claude-sonnet-4'],
    ['gemini', 'models/gemini-2.5-flash', 'gemini-2.5-flash'],
    ['gemini', 'gemini-2.5-flash-preview-09-2025', 'gemini-2.5-flash'],
    ['vertex', 'gemini-2.0-flash-001', 'gemini-2.0-flash'],
    ['xai', 'grok-4-0709', 'grok-4'],
    ['xai', 'grok-3-mini-latest', 'grok-3-mini'],
    ['mistral', 'codestral-2508', 'codestral-latest'],
    ['mistral', 'mistral-large-2411', 'mistral-large-2411'],
    ['openai', 'GPT-4.1', 'gpt-4.1'],
  ])('%s %s -> %s', (provider, asked, expected) => {
    expect(findModel(provider, asked)?.id).toBe(expected);
  });

  it('does not guess by prefix or across providers', () => {
    expect(findModel('openai', 'gpt-5-pro')).toBeUndefined();
    expect(findModel('openai', 'claude-sonnet-4-5')).toBeUndefined();
    expect(findModel('nobody', 'gpt-4o')).toBeUndefined();
    expect(findModel('openai', '')).toBeUndefined();
  });

  it('answers the same when asked again, whether catalogued or not, also after its memory filled and was emptied', () => {
    for (let round = 0; round < 2; round++) {
      expect(findModel('openai', 'gpt-4o-2024-08-06')?.id).toBe('gpt-4o');
      expect(findModel('openai', 'gpt-5-pro')).toBeUndefined();
      expect(findModel('anthropic', 'gpt-4o')).toBeUndefined();
      // More distinct ids than it keeps answers for (10,000): the memory is emptied on the way.
      for (let i = 0; i < 10_050; i++) expect(findModel('openai', `no-such-model-${round}-${i}`)).toBeUndefined();
    }
    expect(findModel('anthropic', 'claude-sonnet-4-5-20250929')?.id).toBe('claude-sonnet-4-5');
  });
});

describe('lookups', () => {
  it('listModels gives document 1 Model records with per-1K costs', () => {
    const gpt41 = listModels('openai').find((m) => m.id === 'gpt-4.1');
    // 2.00 and 8.00 per 1M are 0.002 and 0.008 per 1K.
    expect(gpt41).toEqual({
      id: 'gpt-4.1',
      name: 'GPT-4.1',
      contextWindow: 1047576,
      maxOutputTokens: 32768,
      inputCostPer1k: 0.002,
      outputCostPer1k: 0.008,
      capabilities: ['chat', 'vision', 'tools', 'json', 'web-search'],
    });
    // 0.30 / 1000 is 0.00030000000000000003 in naive floating point.
    expect(listModels('gemini').find((m) => m.id === 'gemini-2.5-flash')?.inputCostPer1k).toBe(0.0003);
    expect(listModels('nobody')).toEqual([]);
  });

  it('defaults and output caps', () => {
    expect(defaultModel('anthropic')).toBe('claude-sonnet-4-5');
    expect(defaultEmbeddingModel('openai')).toBe('text-embedding-3-small');
    expect(defaultEmbeddingModel('anthropic')).toBeUndefined();
    expect(defaultMediaModel('elevenlabs', 'speech' satisfies MediaKind)).toBe('eleven_multilingual_v2');
    expect(maxOutputTokens('anthropic', 'claude-sonnet-4-5-20250929')).toBe(64000);
    expect(maxOutputTokens('openai', 'text-embedding-3-small')).toBeUndefined();
    expect(maxOutputTokens('openai', 'no-such-model')).toBeUndefined();
  });

  it('publicModels lists every catalogued model with its price and effective date', () => {
    const pub = publicModels();
    expect(pub.currency).toBe('USD');
    expect(pub.updatedAt).toBe(catalogue().updatedAt);
    const total = [...PROVIDER_IDS, ...LOCAL_ENGINE_IDS].reduce((n, p) => n + catalogue().providers[p].models.length, 0);
    expect(pub.models).toHaveLength(total);
    expect(pub.models.find((m) => m.provider === 'anthropic' && m.id === 'claude-haiku-4-5')).toEqual({
      provider: 'anthropic',
      id: 'claude-haiku-4-5',
      name: 'Claude Haiku 4.5',
      contextWindow: 200000,
      maxOutputTokens: 64000,
      capabilities: ['chat', 'vision', 'tools', 'json', 'reasoning', 'web-search'],
      pricing: { inputPer1M: 1, outputPer1M: 5, cachedInputPer1M: 0.1, cacheWritePer1M: 1.25, effectiveFrom: '2025-10-15' },
    });
    expect(pub.models.find((m) => m.provider === 'gemini' && m.id === 'veo-3.0-generate-001')?.pricing).toEqual({
      unit: 'second',
      unitPrice: 0.4,
      effectiveFrom: '2025-09-09',
    });
  });
});
