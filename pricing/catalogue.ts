// Typed access to pricing/catalogue.json. The JSON is the single source of
// prices: the cost calculator, GET /api/llm/models and GET /api/public/models
// all read it through here, so a price change is one data edit.

import { readFileSync } from 'node:fs';
import type { ProviderId } from '../protocols/canonical.ts';

export type Capability =
  | 'chat'
  | 'vision'
  | 'tools'
  | 'json'
  | 'reasoning'
  | 'web-search'
  | 'embeddings'
  | 'image-generation'
  | 'video-generation'
  | 'text-to-speech'
  | 'speech-to-text'
  | 'sound-effect'
  | 'music-generation'
  | 'video-input'
  | 'text-to-dialogue'
  | 'conversational-agent'
  | 'text-recognition'
  | 'object-detection'
  | 'zero-shot-detection'
  | 'face-detection'
  | 'web-detection';

/**
 * Engines that bill per unit but are not model providers: the gateway's own
 * (local-ocr, local-vision) and the web-detection engines (google-vision, tineye).
 */
export const LOCAL_ENGINE_IDS = ['local-ocr', 'local-vision', 'google-vision', 'tineye'] as const;
export type LocalEngineId = (typeof LOCAL_ENGINE_IDS)[number];
/** Everything the catalogue prices: the providers and the local engines. */
export type PricedId = ProviderId | LocalEngineId;

/** USD per 1M tokens. A null rate means "no separate rate": those tokens bill at the input rate. */
export interface TokenPricing {
  inputPer1M: number;
  outputPer1M: number;
  cachedInputPer1M: number | null;
  cacheWritePer1M: number | null;
  /** Applies to the whole call once its input exceeds thresholdTokens. */
  longContext?: {
    thresholdTokens: number;
    inputPer1M: number;
    outputPer1M: number;
    cachedInputPer1M: number | null;
  };
}

export type MediaUnit = 'image' | 'second' | 'minute' | 'hour' | '1k-characters' | 'generation';
export type ImageQuality = 'standard' | 'hd' | 'ultra';

export interface UnitPricing {
  unit: MediaUnit;
  unitPrice: number;
  qualityPrices?: Partial<Record<ImageQuality, number>>;
}

export type CacheGeneration = 'newest' | 'next' | 'oldest';

export interface CatalogueModel {
  id: string;
  name: string;
  aliases?: string[];
  contextWindow: number;
  maxOutputTokens: number;
  capabilities: Capability[];
  pricing: TokenPricing | UnitPricing;
  cacheGeneration?: CacheGeneration;
  effectiveFrom: string;
  notes?: string;
}

export type MediaKind = 'image' | 'video' | 'speech' | 'transcription' | 'soundEffect' | 'music' | 'dialogue' | 'agent';

export interface ProviderCatalogue {
  defaultModel: string;
  defaultEmbeddingModel?: string;
  mediaDefaults?: Partial<Record<MediaKind, string>>;
  /** The share off every rate for calls run through the provider's own batch API. */
  batchDiscount?: number;
  notes?: string;
  models: CatalogueModel[];
}

export interface Catalogue {
  updatedAt: string;
  currency: 'USD';
  notes?: string[];
  providers: Record<PricedId, ProviderCatalogue>;
}

/** Document 1's discovery Model record. */
export interface ModelRecord {
  id: string;
  name: string;
  contextWindow: number;
  maxOutputTokens: number;
  inputCostPer1k: number;
  outputCostPer1k: number;
  capabilities: Capability[];
}

export interface PublicTokenPricing {
  inputPer1M: number;
  outputPer1M: number;
  cachedInputPer1M: number | null;
  cacheWritePer1M: number | null;
  longContext?: TokenPricing['longContext'];
  effectiveFrom: string;
}

export interface PublicUnitPricing {
  unit: MediaUnit;
  unitPrice: number;
  qualityPrices?: Partial<Record<ImageQuality, number>>;
  effectiveFrom: string;
}

export interface PublicModel {
  provider: PricedId;
  id: string;
  name: string;
  contextWindow: number;
  maxOutputTokens: number;
  capabilities: Capability[];
  pricing: PublicTokenPricing | PublicUnitPricing;
}

export interface PublicModels {
  updatedAt: string;
  currency: 'USD';
  models: PublicModel[];
}

export const CATALOGUE_PATH = new URL('./catalogue.json', import.meta.url);

let loaded: Catalogue | undefined;

/**
 * The parsed catalogue. Read lazily and once: prices only change with a
 * deploy, and a lazy read keeps importing this module free of I/O. The schema
 * is enforced by the test suite rather than at runtime so the server does not
 * carry a validator for a file it ships itself.
 */
export function catalogue(): Catalogue {
  loaded ??= JSON.parse(readFileSync(CATALOGUE_PATH, 'utf8')) as Catalogue;
  return loaded;
}

export function isTokenPricing(p: TokenPricing | UnitPricing): p is TokenPricing {
  return 'inputPer1M' in p;
}

function providerEntry(provider: string): ProviderCatalogue | undefined {
  const providers = catalogue().providers as Record<string, ProviderCatalogue | undefined>;
  return Object.hasOwn(providers, provider) ? providers[provider] : undefined;
}

// Suffixes providers append to a catalogued id for a pinned snapshot or
// revision at the same price. Order matters only in that each is tried once.
const SNAPSHOT_SUFFIXES: RegExp[] = [
  /-\d{4}-\d{2}-\d{2}$/, // openai: gpt-4o-2024-08-06
  /-\d{8}$/, // anthropic: claude-sonnet-4-5-20250929
  /-preview-\d{2}-\d{4}$/, // gemini: gemini-2.5-flash-preview-09-2025
  /-\d{3}$/, // vertex revisions: gemini-2.0-flash-001
  /-\d{4}$/, // xai / mistral: grok-4-0709, codestral-2508
  /-latest$/, // grok-3-latest
];

function matchIn(models: CatalogueModel[], id: string): CatalogueModel | undefined {
  return models.find((m) => m.id === id) ?? models.find((m) => m.aliases?.includes(id));
}

/**
 * The catalogue entry for a model id as a caller or upstream spelled it:
 * exact id or alias first, then the id with one snapshot suffix removed (also
 * tried as `<base>-latest`, Mistral's naming). Exact ids win so a pinned
 * snapshot priced differently from its family (mistral-large-2411) can be
 * catalogued on its own. Anything else is unknown rather than guessed: a
 * prefix match would price gpt-5-pro as gpt-5.
 */
export function findModel(provider: ProviderId | string, model: string): CatalogueModel | undefined {
  // Priced on every call (and looked up for the output cap): a scan of the
  // provider's models, then of each one's aliases, then again per snapshot
  // suffix. The catalogue never changes in a running process, so each answer
  // is kept (null: not catalogued), by provider and then by model: a key
  // joined from the two was a new string to hash on every call. Emptied when
  // full, as model ids come from upstreams.
  let byModel = answers.get(provider);
  if (!byModel) answers.set(provider, (byModel = new Map()));
  const known = byModel.get(model);
  if (known !== undefined) return known ?? undefined;
  const answer = lookUp(provider, model);
  if (++answered > ANSWERS_MAX) {
    answers.clear();
    answered = 1;
    answers.set(provider, (byModel = new Map()));
  }
  byModel.set(model, answer ?? null);
  return answer;
}

const answers = new Map<string, Map<string, CatalogueModel | null>>();
let answered = 0;
const ANSWERS_MAX = 10_000;

const INFERENCE_PROFILE = /^(us-gov|us|eu|apac|jp|au|ca|global)\.(?=[a-z0-9-]+\.)/;

function lookUp(provider: ProviderId | string, model: string): CatalogueModel | undefined {
  const entry = providerEntry(provider);
  if (!entry || !model) return undefined;
  let id = model.trim().toLowerCase().replace(/^models\//, '');
  // A Bedrock cross-region inference profile (us.anthropic.claude-…) costs what its model costs.
  if (provider === 'bedrock') id = id.replace(INFERENCE_PROFILE, '');
  const exact = matchIn(entry.models, id);
  if (exact) return exact;
  for (const suffix of SNAPSHOT_SUFFIXES) {
    if (!suffix.test(id)) continue;
    const base = id.replace(suffix, '');
    const found = matchIn(entry.models, base) ?? matchIn(entry.models, `${base}-latest`);
    if (found) return found;
  }
  return undefined;
}

// Dividing a per-1M rate by 1000 in floating point leaves noise (0.3 / 1000 =
// 0.00030000000000000003); scaling through integers keeps the decimal exact.
function per1kFromPer1M(rate: number): number {
  return Math.round(rate * 1e9) / 1e12;
}

/** Document 1's Model records for GET /api/llm/models. Media models list with zero token costs: they bill per unit (see publicModels). */
export function listModels(provider: ProviderId | string): ModelRecord[] {
  const entry = providerEntry(provider);
  if (!entry) return [];
  return entry.models.map((m) => ({
    id: m.id,
    name: m.name,
    contextWindow: m.contextWindow,
    maxOutputTokens: m.maxOutputTokens,
    inputCostPer1k: isTokenPricing(m.pricing) ? per1kFromPer1M(m.pricing.inputPer1M) : 0,
    outputCostPer1k: isTokenPricing(m.pricing) ? per1kFromPer1M(m.pricing.outputPer1M) : 0,
    capabilities: [...m.capabilities],
  }));
}

/** The model used when a request names none. Throws for an id outside the catalogue: that is a programming error, not a request error. */
export function defaultModel(provider: ProviderId): string {
  const entry = providerEntry(provider);
  if (!entry) throw new Error(`pricing catalogue has no provider ${provider}`);
  return entry.defaultModel;
}

/** The share off every rate when the provider's own batch API runs the call; undefined when it has none. */
export function batchDiscountOf(provider: ProviderId): number | undefined {
  return providerEntry(provider)?.batchDiscount;
}

export function defaultEmbeddingModel(provider: ProviderId): string | undefined {
  return providerEntry(provider)?.defaultEmbeddingModel;
}

export function defaultMediaModel(provider: ProviderId, kind: MediaKind): string | undefined {
  return providerEntry(provider)?.mediaDefaults?.[kind];
}

/**
 * The model's output ceiling, used to cap maxTokens + thinking budget.
 * Undefined when the model is unknown or has no token output, so the caller
 * passes the request through and lets the upstream enforce its own limit.
 */
export function maxOutputTokens(provider: ProviderId | string, model: string): number | undefined {
  const found = findModel(provider, model);
  return found && found.maxOutputTokens > 0 ? found.maxOutputTokens : undefined;
}

/** The body of GET /api/public/models: every catalogued model with its live price and the date it took effect. */
export function publicModels(): PublicModels {
  const cat = catalogue();
  const models: PublicModel[] = [];
  for (const [provider, entry] of Object.entries(cat.providers) as [PricedId, ProviderCatalogue][]) {
    for (const m of entry.models) {
      const p = m.pricing;
      const pricing: PublicTokenPricing | PublicUnitPricing = isTokenPricing(p)
        ? {
            inputPer1M: p.inputPer1M,
            outputPer1M: p.outputPer1M,
            cachedInputPer1M: p.cachedInputPer1M,
            cacheWritePer1M: p.cacheWritePer1M,
            ...(p.longContext ? { longContext: { ...p.longContext } } : {}),
            effectiveFrom: m.effectiveFrom,
          }
        : {
            unit: p.unit,
            unitPrice: p.unitPrice,
            ...(p.qualityPrices ? { qualityPrices: { ...p.qualityPrices } } : {}),
            effectiveFrom: m.effectiveFrom,
          };
      models.push({
        provider,
        id: m.id,
        name: m.name,
        contextWindow: m.contextWindow,
        maxOutputTokens: m.maxOutputTokens,
        capabilities: [...m.capabilities],
        pricing,
      });
    }
  }
  return { updatedAt: cat.updatedAt, currency: 'USD', models };
}
