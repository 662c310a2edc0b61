import { describe, expect, it } from 'vitest';
import type { Usage } from '../protocols/canonical.ts';
import { completionCost, isPriced, isUnpriced, onUnpriced, tokenPrice, unitCost } from './cost.ts';
import { catalogue, isTokenPricing, type TokenPricing } from './catalogue.ts';

// inputTokens includes cache reads and writes (canonical.ts); totalTokens is not used for pricing.
function usage(input: number, output: number, cached = 0, cacheWrite?: number, reasoning?: number): Usage {
  return {
    inputTokens: input,
    outputTokens: output,
    totalTokens: input + output,
    cachedTokens: cached,
    ...(cacheWrite !== undefined ? { cacheCreationTokens: cacheWrite } : {}),
    ...(reasoning !== undefined ? { reasoningTokens: reasoning } : {}),
  };
}

const metered = { byok: false };

describe('completionCost: worked examples', () => {
  it('anthropic claude-sonnet-4-5 with cache reads and writes', () => {
    // Rates: input 3.00, cache read 0.30, cache write 3.75, output 15.00 per 1M.
    // uncached   = 10,000 - 8,000 - 1,000 = 1,000 x 3.00 / 1M = 0.003
    // reads      = 8,000 x 0.30 / 1M                          = 0.0024
    // writes     = 1,000 x 3.75 / 1M                          = 0.00375
    // output     = 500 x 15.00 / 1M                           = 0.0075
    // total                                                   = 0.01665
    // (naive float addition of the four gives 0.016650000000000002)
    expect(completionCost('anthropic', 'claude-sonnet-4-5', usage(10_000, 500, 8_000, 1_000), metered)).toEqual({
      customerPrice: 0.01665,
      currency: 'USD',
      billing: 'metered',
    });
  });

  it('anthropic dated snapshot prices like its alias', () => {
    const a = completionCost('anthropic', 'claude-sonnet-4-5-20250929', usage(10_000, 500, 8_000, 1_000), metered);
    expect(a.customerPrice).toBe(0.01665);
  });

  it('openai gpt-5: cached input at 10%, reasoning tokens are output', () => {
    // Rates: input 1.25, cached 0.125, output 10.00 per 1M.
    // uncached = 20,000 - 15,000 = 5,000 x 1.25 / 1M  = 0.00625
    // cached   = 15,000 x 0.125 / 1M                  = 0.001875
    // output   = 1,000 (600 of them reasoning) x 10 / 1M = 0.01  (reasoning not added again)
    // total                                           = 0.018125
    expect(completionCost('openai', 'gpt-5', usage(20_000, 1_000, 15_000, undefined, 600), metered).customerPrice).toBe(0.018125);
  });

  it('openai gpt-4.1: cached input at 25%', () => {
    // Rates: input 2.00, cached 0.50, output 8.00 per 1M.
    // 5,000 x 2.00 / 1M = 0.01; 15,000 x 0.50 / 1M = 0.0075; 1,000 x 8.00 / 1M = 0.008
    // total = 0.0255
    expect(completionCost('openai', 'gpt-4.1', usage(20_000, 1_000, 15_000), metered).customerPrice).toBe(0.0255);
  });

  it('openai gpt-4o: cached input at 50%', () => {
    // Rates: input 2.50, cached 1.25, output 10.00 per 1M.
    // 5,000 x 2.50 / 1M = 0.0125; 15,000 x 1.25 / 1M = 0.01875; 1,000 x 10 / 1M = 0.01
    // total = 0.04125
    expect(completionCost('openai', 'gpt-4o-2024-08-06', usage(20_000, 1_000, 15_000), metered).customerPrice).toBe(0.04125);
  });

  it('gemini 2.5 flash: cached input at 10%', () => {
    // Rates: input 0.30, cached 0.03, output 2.50 per 1M.
    // uncached = 100,000 - 80,000 = 20,000 x 0.30 / 1M = 0.006
    // cached   = 80,000 x 0.03 / 1M                    = 0.0024
    // output   = 2,000 x 2.50 / 1M                     = 0.005
    // total                                            = 0.0134
    expect(completionCost('gemini', 'gemini-2.5-flash', usage(100_000, 2_000, 80_000), metered).customerPrice).toBe(0.0134);
  });

  it('gemini 2.0 flash: cached input at 25%', () => {
    // Rates: input 0.10, cached 0.025, output 0.40 per 1M.
    // 20,000 x 0.10 / 1M = 0.002; 80,000 x 0.025 / 1M = 0.002; 2,000 x 0.40 / 1M = 0.0008
    // total = 0.0048
    expect(completionCost('gemini', 'gemini-2.0-flash', usage(100_000, 2_000, 80_000), metered).customerPrice).toBe(0.0048);
  });

  it('gemini 2.5 pro switches the whole call to the long-context tier above 200K input', () => {
    // <= 200K: 100,000 x 1.25 / 1M = 0.125; 1,000 x 10 / 1M = 0.01; total 0.135
    expect(completionCost('gemini', 'gemini-2.5-pro', usage(100_000, 1_000), metered).customerPrice).toBe(0.135);
    // > 200K: 250,000 x 2.50 / 1M = 0.625; 1,000 x 15 / 1M = 0.015; total 0.64
    expect(completionCost('gemini', 'gemini-2.5-pro', usage(250_000, 1_000), metered).customerPrice).toBe(0.64);
    // > 200K with cache: 50,000 x 2.50 / 1M = 0.125; 200,000 x 0.25 / 1M = 0.05; 1,000 x 15 / 1M = 0.015; total 0.19
    expect(completionCost('gemini', 'gemini-2.5-pro', usage(250_000, 1_000, 200_000), metered).customerPrice).toBe(0.19);
  });

  it('xai grok-4: fixed cached rate', () => {
    // Rates: input 3.00, cached 0.50 (document 1's band; xAI publishes 0.75), output 15.00 per 1M.
    // uncached = 10,000 - 6,000 = 4,000 x 3.00 / 1M = 0.012
    // cached   = 6,000 x 0.50 / 1M                  = 0.003
    // output   = 1,000 x 15.00 / 1M                 = 0.015
    // total                                         = 0.03
    expect(completionCost('xai', 'grok-4-0709', usage(10_000, 1_000, 6_000), metered).customerPrice).toBe(0.03);
  });

  it('deepseek cache hit and miss', () => {
    // Rates: cache miss 0.28, cache hit 0.028, output 0.42 per 1M.
    // miss   = 50,000 - 40,000 = 10,000 x 0.28 / 1M = 0.0028
    // hit    = 40,000 x 0.028 / 1M                  = 0.00112
    // output = 2,000 x 0.42 / 1M                    = 0.00084
    // total                                         = 0.00476
    expect(completionCost('deepseek', 'deepseek-chat', usage(50_000, 2_000, 40_000), metered).customerPrice).toBe(0.00476);
  });

  it('a provider without a cached rate bills cached tokens at the input rate', () => {
    // perplexity sonar: input 1, output 1 per 1M; 3,000 input (2,000 reported cached) + 500 output
    // = 3,000 x 1 / 1M + 500 x 1 / 1M = 0.0035
    expect(completionCost('perplexity', 'sonar', usage(3_000, 500, 2_000), metered).customerPrice).toBe(0.0035);
  });

  it('embeddings bill input only', () => {
    // text-embedding-3-small: 0.02 per 1M; 12,345 tokens x 0.02 / 1M = 0.0002469
    expect(completionCost('openai', 'text-embedding-3-small', usage(12_345, 0), metered).customerPrice).toBe(0.0002469);
  });

  it('local providers cost nothing but are priced', () => {
    const c = completionCost('ollama', 'llama3.2', usage(5_000, 5_000), metered);
    expect(c.customerPrice).toBe(0);
    expect(isUnpriced(c)).toBe(false);
  });
});

describe('completionCost: who pays', () => {
  it('byok: zero, billing byok', () => {
    expect(completionCost('anthropic', 'claude-sonnet-4-5', usage(10_000, 500, 8_000, 1_000), { byok: true })).toEqual({
      customerPrice: 0,
      currency: 'USD',
      billing: 'byok',
    });
  });

  it('completion-cache hit: zero, cached true, billing still says whose key', () => {
    expect(completionCost('openai', 'gpt-5', usage(20_000, 1_000), { byok: false, cached: true })).toEqual({
      customerPrice: 0,
      currency: 'USD',
      billing: 'metered',
      cached: true,
    });
    expect(completionCost('openai', 'gpt-5', usage(20_000, 1_000), { byok: true, cached: true })).toEqual({
      customerPrice: 0,
      currency: 'USD',
      billing: 'byok',
      cached: true,
    });
  });

  it('unknown model: zero, marked unpriced on the wire, and reported once per model', () => {
    const heard: string[] = [];
    onUnpriced((provider, model) => heard.push(`${provider}/${model}`));
    try {
      const c = completionCost('openai', 'gpt-7-ultra', usage(1_000_000, 1_000_000), metered);
      expect(c.customerPrice).toBe(0);
      expect(isUnpriced(c)).toBe(true);
      expect(JSON.parse(JSON.stringify(c))).toEqual({ customerPrice: 0, currency: 'USD', billing: 'metered', unpriced: true });
      completionCost('openai', 'gpt-7-ultra', usage(5, 5), metered);
      unitCost('gemini', 'veo-9', { seconds: 1 });
      // byok and cached calls bill nothing anyway: not marked, not reported.
      expect(completionCost('openai', 'gpt-8', usage(5, 5), { byok: true })).toEqual({ customerPrice: 0, currency: 'USD', billing: 'byok' });
      expect(heard).toEqual(['openai/gpt-7-ultra', 'gemini/veo-9']);
    } finally {
      onUnpriced(undefined);
    }
    expect(isPriced('openai', 'gpt-7-ultra')).toBe(false);
    expect(isPriced('openai', 'gpt-4o-2024-08-06')).toBe(true);
    expect(isUnpriced(completionCost('nobody', 'x', usage(1, 1), metered))).toBe(true);
  });
});

describe('completionCost: rounding', () => {
  it('rounds to 1e-8 USD, half up', () => {
    // gpt-5-nano: 1 input token x 0.05 / 1M = 0.00000005 exactly
    expect(completionCost('openai', 'gpt-5-nano', usage(1, 0), metered).customerPrice).toBe(0.00000005);
    // 1 cached token x 0.005 / 1M = 0.000000005, half a unit -> rounds up to 0.00000001
    expect(completionCost('openai', 'gpt-5-nano', usage(1, 0, 1), metered).customerPrice).toBe(0.00000001);
    // 3 cached tokens x 0.005 / 1M = 0.000000015 -> 0.00000002
    expect(completionCost('openai', 'gpt-5-nano', usage(3, 0, 3), metered).customerPrice).toBe(0.00000002);
    // gpt-4.1-mini: 7 input x 0.40 / 1M = 0.0000028; 3 output x 1.60 / 1M = 0.0000048; total 0.0000076
    expect(completionCost('openai', 'gpt-4.1-mini', usage(7, 3), metered).customerPrice).toBe(0.0000076);
  });

  it('adds no float noise on large totals', () => {
    // claude-opus-4-1: 1,234,567 input x 15 / 1M = 18.518505; 98,765 output x 75 / 1M = 7.407375
    // total = 25.92588
    expect(completionCost('anthropic', 'claude-opus-4-1', usage(1_234_567, 98_765), metered).customerPrice).toBe(25.92588);
  });

  it('never credits: cache parts larger than the input total floor uncached input at 0', () => {
    // 100 input reported with 80 cached and 40 written (inconsistent): uncached 0, reads 80 x 0.30, writes 40 x 3.75
    // = 0.000024 + 0.00015 = 0.000174
    expect(completionCost('anthropic', 'claude-sonnet-4-5', usage(100, 0, 80, 40), metered).customerPrice).toBe(0.000174);
  });
});

describe('completionCost: doubles where exact, BigInt beyond', () => {
  /** The price as the whole sum in BigInt (the definition tokenPrice's double path must match), half up to 1e-8 USD. */
  function bigIntPrice(p: TokenPricing, u: Usage): number {
    const whole = (n: number | undefined) => (n !== undefined && Number.isFinite(n) && n > 0 ? BigInt(Math.floor(n)) : 0n);
    const nano = (rate: number | null | undefined) => (rate != null && Number.isFinite(rate) && rate > 0 ? BigInt(Math.round(rate * 1e9)) : 0n);
    const input = whole(u.inputTokens);
    const read = whole(u.cachedTokens);
    const write = whole(u.cacheCreationTokens);
    const long = p.longContext && input > BigInt(p.longContext.thresholdTokens) ? p.longContext : undefined;
    const r = long
      ? { input: long.inputPer1M, output: long.outputPer1M, cached: long.cachedInputPer1M, write: p.cacheWritePer1M }
      : { input: p.inputPer1M, output: p.outputPer1M, cached: p.cachedInputPer1M, write: p.cacheWritePer1M };
    const uncached = input - read - write > 0n ? input - read - write : 0n;
    const total = uncached * nano(r.input) + read * nano(r.cached ?? r.input) + write * nano(r.write ?? r.input) + whole(u.outputTokens) * nano(r.output);
    return Number((total * 2n + 10_000_000n) / 20_000_000n) / 1e8;
  }

  it('matches the all-BigInt price for every catalogued token-priced model, small calls to absurd ones', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const sizes = [1, 10, 1_000, 100_000, 2_000_000, 50_000_000, 400_000_000, 3e9, 1e12, 1e17];
    let compared = 0;
    let beyondDoubles = 0;
    for (const [provider, entry] of Object.entries(catalogue().providers)) {
      for (const model of entry.models) {
        if (!isTokenPricing(model.pricing)) continue;
        for (let i = 0; i < 40; i++) {
          const size = sizes[i % sizes.length]!;
          const input = Math.floor(random() * size) + (i % 3 === 0 ? 0.5 : 0);
          const u: Usage = {
            inputTokens: input,
            outputTokens: Math.floor(random() * size),
            totalTokens: 0,
            cachedTokens: i % 4 === 0 ? Math.floor(random() * input) : 0,
            ...(i % 5 === 0 ? { cacheCreationTokens: Math.floor(random() * input * 0.6) } : {}),
          };
          const expected = bigIntPrice(model.pricing, u);
          if (expected > 2.25) beyondDoubles++;
          expect(completionCost(provider, model.id, u, metered).customerPrice, `${provider}/${model.id} ${JSON.stringify(u)}`).toBe(expected);
          compared++;
        }
      }
    }
    // Both paths were exercised: most calls fit in doubles, the large ones did not.
    expect(compared).toBeGreaterThan(1_000);
    expect(beyondDoubles).toBeGreaterThan(100);
    expect(compared - beyondDoubles).toBeGreaterThan(100);
  });

  it('matches it for rates with no round digits too, which doubles get wrong on large sums', () => {
    // Catalogue rates are round (15.00, 0.40): their products stay exact in doubles far past
    // 2^53. Rates like 1.768906414 USD per 1M tokens are not: priced in doubles regardless of
    // the bound, 141,680,955 tokens in and 74,730,709 out bill 1288.4677159699997 for 1288.46771597.
    let seed = 11;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    let beyondDoubles = 0;
    for (let i = 0; i < 5_000; i++) {
      const pricing: TokenPricing = {
        inputPer1M: Math.floor(random() * 2e9) / 1e9,
        outputPer1M: Math.floor(random() * 2e10) / 1e9,
        cachedInputPer1M: i % 2 ? Math.floor(random() * 1e9) / 1e9 : null,
        cacheWritePer1M: null,
      };
      const input = Math.floor(random() * 10 ** (1 + (i % 10)));
      const u: Usage = { inputTokens: input, outputTokens: Math.floor(random() * 10 ** (i % 10)), totalTokens: 0, cachedTokens: Math.floor(random() * input) };
      const expected = bigIntPrice(pricing, u);
      if (expected > 2.25) beyondDoubles++;
      expect(tokenPrice(pricing, u), JSON.stringify({ pricing, u })).toBe(expected);
    }
    expect(beyondDoubles).toBeGreaterThan(500);
  });

  it('half a unit at the edge of the double path still rounds up', () => {
    // gpt-5-nano cached input, 0.005 / 1M: an odd count of tokens ends on half a 1e-8 USD unit.
    expect(completionCost('openai', 'gpt-5-nano', usage(4_000_001, 0, 4_000_001), metered).customerPrice).toBe(0.02000001);
    expect(completionCost('openai', 'gpt-5-nano', usage(8_000_000_001, 0, 8_000_000_001), metered).customerPrice).toBe(40.00000001);
  });
});

describe('unitCost', () => {
  it('video per second', () => {
    // veo-3.0-generate-001: 8 s x 0.40 = 3.20
    expect(unitCost('gemini', 'veo-3.0-generate-001', { seconds: 8 })).toEqual({ customerPrice: 3.2, currency: 'USD', billing: 'metered' });
    // grok-imagine-video: 6 s x 0.05 = 0.30
    expect(unitCost('xai', 'grok-imagine-video', { seconds: 6 }).customerPrice).toBe(0.3);
  });

  it('images, with quality prices', () => {
    // imagen-4.0-generate-001: 3 x 0.04 = 0.12
    expect(unitCost('gemini', 'imagen-4.0-generate-001', { images: 3 }).customerPrice).toBe(0.12);
    // dall-e-3 hd: 2 x 0.08 = 0.16; standard: 2 x 0.04 = 0.08
    expect(unitCost('openai', 'dall-e-3', { images: 2 }, { quality: 'hd' }).customerPrice).toBe(0.16);
    expect(unitCost('openai', 'dall-e-3', { images: 2 }, { quality: 'standard' }).customerPrice).toBe(0.08);
    // a quality the model has no price for falls back to its unit price: 1 x 0.042
    expect(unitCost('openai', 'gpt-image-1', { images: 1 }, { quality: 'ultra' }).customerPrice).toBe(0.042);
  });

  it('speech per 1K characters', () => {
    // eleven_multilingual_v2: 1,234 characters x 0.10 / 1,000 = 0.1234
    expect(unitCost('elevenlabs', 'eleven_multilingual_v2', { characters: 1_234 }).customerPrice).toBe(0.1234);
    // eleven_flash_v2_5: 999 characters x 0.05 / 1,000 = 0.04995
    expect(unitCost('elevenlabs', 'eleven_flash_v2_5', { characters: 999 }).customerPrice).toBe(0.04995);
  });

  it('time-priced models convert seconds and minutes to their own unit', () => {
    // scribe_v1 at 0.22 per hour: 90 s = 0.22 x 90 / 3,600 = 0.0055
    expect(unitCost('elevenlabs', 'scribe_v1', { seconds: 90 }).customerPrice).toBe(0.0055);
    // music_v1 at 0.30 per minute: 30 s = 0.15; 2.5 min = 0.75
    expect(unitCost('elevenlabs', 'music_v1', { seconds: 30 }).customerPrice).toBe(0.15);
    expect(unitCost('elevenlabs', 'music_v1', { minutes: 2.5 }).customerPrice).toBe(0.75);
    // conversational agent at 0.08 per minute: 7 min 30 s = 0.60
    expect(unitCost('elevenlabs', 'conversational-agent', { seconds: 450 }).customerPrice).toBe(0.6);
  });

  it('sound effects per generation', () => {
    expect(unitCost('elevenlabs', 'eleven_text_to_sound_v2', { generations: 1 }).customerPrice).toBe(0.12);
  });

  it('byok, cache hits and unknown models follow completionCost', () => {
    expect(unitCost('gemini', 'veo-3.0-generate-001', { seconds: 8 }, { byok: true })).toEqual({
      customerPrice: 0,
      currency: 'USD',
      billing: 'byok',
    });
    expect(unitCost('gemini', 'veo-3.0-generate-001', { seconds: 8 }, { cached: true }).cached).toBe(true);
    const unknown = unitCost('gemini', 'veo-9', { seconds: 8 });
    expect(unknown.customerPrice).toBe(0);
    expect(isUnpriced(unknown)).toBe(true);
    // A token-priced model asked for a unit price is not guessed either.
    expect(isUnpriced(unitCost('openai', 'gpt-5', { images: 1 }))).toBe(true);
    // And a unit-priced model asked for a token price.
    expect(isUnpriced(completionCost('openai', 'dall-e-3', usage(100, 100), metered))).toBe(true);
  });

  it('local media is free', () => {
    expect(unitCost('local-video', 'ltx-video', { seconds: 10 }).customerPrice).toBe(0);
    expect(isUnpriced(unitCost('local-video', 'ltx-video', { seconds: 10 }))).toBe(false);
  });
});
