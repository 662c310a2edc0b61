// What each provider offers, from the pricing catalogue, and for local runtimes
// from the runtime itself (their models are whatever the operator installed).
import type { ModelInfo, ProviderId } from '../protocols/canonical.ts';
import { PROVIDER_IDS } from '../protocols/canonical.ts';
import { catalogue, listModels as catalogueModels, type ModelRecord } from '../pricing/catalogue.ts';
import { getAdapter } from '../providers/registry.ts';
import { providerSettings } from '../providers/settings.ts';

const LIVE_LISTING_TIMEOUT_MS = 3_000;

type DiscoveredModel = Omit<ModelRecord, 'contextWindow' | 'maxOutputTokens'> & { contextWindow: number | null; maxOutputTokens: number | null };

function fromLive(m: ModelInfo): DiscoveredModel {
  return {
    id: m.id,
    name: m.name ?? m.id,
    contextWindow: m.contextWindow ?? null,
    maxOutputTokens: m.maxOutputTokens ?? null,
    // Local runtimes run on the operator's own hardware: nothing is billed.
    inputCostPer1k: 0,
    outputCostPer1k: 0,
    capabilities: (m.capabilities.length ? m.capabilities : ['chat']) as ModelRecord['capabilities'],
  };
}

export async function modelsOf(provider: ProviderId): Promise<DiscoveredModel[]> {
  const settings = providerSettings(provider);
  const adapter = getAdapter(provider);
  if (settings.local && adapter?.listModels) {
    const live = await adapter.listModels({ settings, signal: AbortSignal.timeout(LIVE_LISTING_TIMEOUT_MS), timeoutMs: LIVE_LISTING_TIMEOUT_MS });
    return live.map(fromLive);
  }
  // Media models have no token window: the contract says null, not 0.
  return catalogueModels(provider).map((m) => ({ ...m, contextWindow: m.contextWindow || null, maxOutputTokens: m.maxOutputTokens || null }));
}

export interface ProviderCapabilities {
  imageGeneration: boolean;
  videoGeneration: boolean;
  textToSpeech: boolean;
  speechToText: boolean;
  soundEffects?: boolean;
  musicGeneration?: boolean;
  models: Array<{ id: string; name?: string; capabilities: string[] }>;
}

export function capabilitiesOf(provider: ProviderId): ProviderCapabilities {
  const models = catalogue().providers[provider]?.models ?? [];
  const has = (cap: string) => models.some((m) => (m.capabilities as string[]).includes(cap));
  return {
    imageGeneration: has('image-generation'),
    videoGeneration: has('video-generation'),
    textToSpeech: has('text-to-speech'),
    speechToText: has('speech-to-text'),
    ...(has('sound-effect') ? { soundEffects: true } : {}),
    ...(has('music-generation') ? { musicGeneration: true } : {}),
    models: models.map((m) => ({ id: m.id, name: m.name, capabilities: [...m.capabilities] })),
  };
}

export function allCapabilities(): Record<string, ProviderCapabilities> {
  return Object.fromEntries(PROVIDER_IDS.map((id) => [id, capabilitiesOf(id)]));
}
