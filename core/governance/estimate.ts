// A call's worst case before it runs, for limits and budgets. Token limits
// count the count_tokens estimate (core/tokenCount.ts) plus the output at its
// ceiling; a budget reserves a price no call can pass: the input at its
// upper bound (tokenCount.ts inputBound: a token is at least a byte), all of
// it at the dearer of the input and cache-write rates, the output at maxTokens
// (plus a thinking budget, times n answers) or the model's output cap, for
// the dearest target the call may reach. A call billed by units (an image, a
// second of audio, a page) reserves the units its request asks for at the
// catalogue's unit price, or their ceiling where the request does not say.
import type { CanonicalRequest, EmbeddingRequest } from '../../protocols/canonical.ts';
import type { DialogueRequest, ImageRequest, MediaKind, MusicRequest, SoundEffectRequest, SpeechRequest, TranscriptionRequest, VideoRequest } from '../../protocols/media.ts';
import { batchDiscountOf, findModel, maxOutputTokens } from '../../pricing/catalogue.ts';
import { completionCost, unitCost, type MediaUnits, type UnitCostOptions } from '../../pricing/cost.ts';
import { inputBound } from '../tokenCount.ts';
import type { Caller } from '../providerCall.ts';
import type { CallEstimate } from './governor.ts';

// Output ceiling for a model the catalogue does not know (it is billed 0, so this counts only against token limits).
const UNKNOWN_MODEL_OUTPUT = 4_096;
// A price for an input no bound holds (a video to a model without a known context window): a hard budget refuses it.
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

function outputCeiling(r: CanonicalRequest): number {
  const cap = maxOutputTokens(r.provider, r.model);
  const asked = r.maxTokens === undefined ? undefined : r.maxTokens + (r.thinkingMode?.enabled ? (r.thinkingMode.budget ?? 0) : 0);
  const one = asked === undefined ? (cap ?? UNKNOWN_MODEL_OUTPUT) : cap === undefined ? asked : Math.min(asked, cap);
  return one * Math.max(1, r.n ?? 1);
}

/** The dearest way `input` tokens can be billed: all uncached, or all written to a cache (dearer where the provider charges writes). */
function worstTokenPrice(provider: string, model: string, input: number, output: number, byok: boolean): number {
  const usage = { inputTokens: input, outputTokens: output, totalTokens: input + output, cachedTokens: 0 };
  const plain = completionCost(provider, model, usage, { byok }).customerPrice;
  const written = completionCost(provider, model, { ...usage, cacheCreationTokens: input }, { byok }).customerPrice;
  return Math.max(plain, written);
}

/** `targets`: the primary request, then each routing fallback's. */
export function estimateCompletion(targets: readonly CanonicalRequest[], caller: Pick<Caller, 'providerKey'>): CallEstimate {
  let tokens = 0;
  let cost = 0;
  for (const [i, r] of targets.entries()) {
    // Targets share the messages; the bound depends on each one's context window.
    const { estimate, bound } = inputBound(r, findModel(r.provider, r.model)?.contextWindow);
    const output = outputCeiling(r);
    tokens = Math.max(tokens, estimate + output);
    // The caller's own key pays the primary provider only (core/routing.ts payerOf).
    const byok = caller.providerKey !== undefined && (i === 0 || r.provider === targets[0]!.provider);
    cost = Math.max(cost, worstTokenPrice(r.provider, r.model, Number.isFinite(bound) ? bound : UNBOUNDED, output, byok));
  }
  return { targets: targets.map((r) => ({ provider: r.provider, model: r.model })), tokens, cost };
}

/**
 * What a batch the provider's own batch API runs may cost at most: every line
 * at its own worst case (input bound, output ceiling) less the provider's
 * batch discount, their tokens summed; one request for the batch.
 */
export function estimateNativeBatch(lines: readonly CanonicalRequest[], caller: Pick<Caller, 'providerKey'>): CallEstimate {
  const targets = new Map<string, { provider: string; model: string }>();
  let tokens = 0;
  let cost = 0;
  for (const r of lines) {
    const line = estimateCompletion([r], caller);
    tokens += line.tokens;
    cost += line.cost * (1 - (batchDiscountOf(r.provider) ?? 0));
    targets.set(`${r.provider}/${r.model}`, { provider: r.provider, model: r.model });
  }
  return { targets: [...targets.values()], tokens, cost };
}

/** Embeddings bill their input at the model's input rate: bounded by its bytes, counted against token limits by the estimate. */
export function estimateEmbeddings(r: Pick<EmbeddingRequest, 'provider' | 'model' | 'input'>, caller: Pick<Caller, 'providerKey'>): CallEstimate {
  const messages = r.input.map((text) => ({ role: 'user' as const, content: text }));
  const { bound } = inputBound({ messages }, findModel(r.provider, r.model)?.contextWindow);
  // No framing tokens for embeddings: one per input at most (a separator).
  const bytes = r.input.reduce((n, text) => n + Buffer.byteLength(text, 'utf8') + 1, 0);
  const input = Math.min(bytes, bound);
  const tokens = r.input.reduce((n, text) => n + Math.ceil(text.length / 4), 0);
  const cost = completionCost(r.provider, r.model, { inputTokens: input, outputTokens: 0, totalTokens: input, cachedTokens: 0 }, { byok: caller.providerKey !== undefined }).customerPrice;
  return { targets: [{ provider: r.provider, model: r.model }], tokens, cost };
}

/** One call billed by units (an image analysed, a page recognised): `units` at the catalogue's unit price. */
export function estimateUnits(provider: string, model: string, units: MediaUnits, opts: UnitCostOptions = {}): CallEstimate {
  return { targets: [{ provider, model }], tokens: 0, cost: unitCost(provider, model, units, opts).customerPrice };
}

// A music track asked for without a length is as long as the provider makes
// it: ElevenLabs' music API makes at most five minutes.
const MUSIC_MAX_SECONDS = 300;
// An audio file whose container does not say its length: no codec a
// transcription provider accepts goes below 4 kbit/s (500 bytes a second).
const AUDIO_MIN_BYTES_PER_SECOND = 500;

/**
 * What an estimate reads of a prepared media task (core/media/prepare.ts
 * PreparedMedia), declared here so that the governance does not depend on
 * media preparation, which depends on the runtime.
 */
interface MediaCall {
  kind: MediaKind;
  provider: string;
  model: string;
  request: ImageRequest | VideoRequest | SpeechRequest | SoundEffectRequest | MusicRequest | DialogueRequest | TranscriptionRequest;
}

/** The units a media task may be billed for, at most: what its runner (core/tasks/media.ts) prices, taken from the request. */
export function mediaUnits(p: Pick<MediaCall, 'kind' | 'request'>): MediaUnits {
  switch (p.kind) {
    case 'image':
      return { images: Math.max(1, (p.request as ImageRequest).n ?? 1) };
    case 'video': {
      const r = p.request as VideoRequest;
      return { seconds: (r.durationSeconds ?? 0) * Math.max(1, r.numberOfVideos ?? 1) };
    }
    case 'speech':
      return { characters: (p.request as SpeechRequest).text.length };
    case 'dialogue':
      return { characters: (p.request as DialogueRequest).inputs.reduce((n, i) => n + i.text.length, 0) };
    case 'sound_effect':
      return { generations: 1 };
    case 'music': {
      const r = p.request as MusicRequest;
      return { seconds: r.durationMs !== undefined ? r.durationMs / 1000 : MUSIC_MAX_SECONDS };
    }
    case 'transcription': {
      const r = p.request as TranscriptionRequest;
      return { seconds: r.audioSeconds ?? Math.ceil(r.audio.size / AUDIO_MIN_BYTES_PER_SECOND) };
    }
    default:
      return {};
  }
}

/** A media task's worst-case price: mediaUnits at its model's unit price (0 for the caller's own key). */
export function estimateMedia(p: MediaCall, caller: Pick<Caller, 'providerKey'>): CallEstimate {
  const quality = p.kind === 'image' ? (p.request as ImageRequest).quality : undefined;
  return estimateUnits(p.provider, p.model, mediaUnits(p), { byok: caller.providerKey !== undefined, ...(quality ? { quality } : {}) });
}
