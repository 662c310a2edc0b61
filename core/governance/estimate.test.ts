// A call's worst case bounds what it can be billed: a hard budget's
// reservation is never below the price the call ends up costing.
import { expect, test } from 'vitest';
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { completionCost } from '../../pricing/cost.ts';
import { estimateCompletion, estimateEmbeddings, estimateMedia, mediaUnits } from './estimate.ts';

const request = (content: string, extra: Partial<CanonicalRequest> = {}): CanonicalRequest =>
  ({ provider: 'anthropic', model: 'claude-opus-4-5', messages: [{ role: 'user', content }], maxTokens: 100, ...extra }) as CanonicalRequest;

test('a completion reserves its input at a token a byte, at the dearer of the input and cache-write rates, and its output ceiling', () => {
  // Every character its own token: four times the count_tokens estimate.
  const r = request('7,'.repeat(5_000));
  const { cost, tokens } = estimateCompletion([r], {});
  const billed = (cacheCreationTokens: number) =>
    completionCost('anthropic', 'claude-opus-4-5', { inputTokens: 10_000, outputTokens: 100, totalTokens: 10_100, cachedTokens: 0, cacheCreationTokens }, { byok: false }).customerPrice;
  expect(cost).toBeGreaterThanOrEqual(billed(0));
  // Written to Anthropic's cache, the same input costs 1.25x: still covered.
  expect(billed(10_000)).toBeGreaterThan(billed(0));
  expect(cost).toBeGreaterThanOrEqual(billed(10_000));
  // Token limits count the estimate, not the bound.
  expect(tokens).toBe(2_500 + 4 + 100);
  // The caller's own key costs nothing.
  expect(estimateCompletion([r], { providerKey: 'sk-own' }).cost).toBe(0);
});

test('embeddings reserve a token a byte of their input', () => {
  const input = ['é'.repeat(1_000)];
  const { cost } = estimateEmbeddings({ provider: 'openai', model: 'text-embedding-3-small', input }, {});
  const billed = completionCost('openai', 'text-embedding-3-small', { inputTokens: 2_000, outputTokens: 0, totalTokens: 2_000, cachedTokens: 0 }, { byok: false }).customerPrice;
  expect(cost).toBeGreaterThanOrEqual(billed);
  expect(estimateEmbeddings({ provider: 'ollama', model: 'nomic-embed-text', input }, {}).cost).toBe(0);
});

test('media reserve the units their request asks for, or their ceiling where it does not say', () => {
  expect(mediaUnits({ kind: 'image', request: { n: 3 } as never })).toEqual({ images: 3 });
  expect(mediaUnits({ kind: 'video', request: { durationSeconds: 8, numberOfVideos: 2 } as never })).toEqual({ seconds: 16 });
  expect(mediaUnits({ kind: 'music', request: {} as never })).toEqual({ seconds: 300 });
  expect(mediaUnits({ kind: 'transcription', request: { audio: { size: 50_000 } } as never })).toEqual({ seconds: 100 });
  expect(mediaUnits({ kind: 'transcription', request: { audio: { size: 50_000 }, audioSeconds: 12.5 } as never })).toEqual({ seconds: 12.5 });
  const image = { kind: 'image' as const, provider: 'openai' as const, model: 'gpt-image-1', request: { n: 2, quality: 'hd' } as never };
  expect(estimateMedia(image, {}).cost).toBeCloseTo(2 * 0.167, 8);
  expect(estimateMedia(image, { providerKey: 'sk-own' }).cost).toBe(0);
});
