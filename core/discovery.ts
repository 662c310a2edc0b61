// What each provider offers: the operations its descriptor says it serves
// today, its models from the pricing catalogue, and for local runtimes the
// models the runtime itself lists (whatever the operator installed).
import type { ModelInfo, ProviderId } from '../protocols/canonical.ts';
import { catalogue, findModel, listModels as catalogueModels, type ModelRecord } from '../pricing/catalogue.ts';
import type { CompatModel } from '../protocols/models.ts';
import { adapterOf, descriptorOf, PROVIDERS } from '../providers/registry.ts';
import { providerSettings } from '../providers/settings.ts';
import type { ProviderCapabilities as Served } from '../providers/types.ts';

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
  const listModels = adapterOf(provider)?.listModels;
  if (settings.local && listModels) {
    const live = await listModels({ settings, signal: AbortSignal.timeout(LIVE_LISTING_TIMEOUT_MS), timeoutMs: LIVE_LISTING_TIMEOUT_MS });
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
  conversationalAgents?: boolean;
  models: Array<{ id: string; name?: string; capabilities: string[] }>;
}

/** The catalogue's operation capabilities, and whether the provider serves each today. */
const OPERATION_OF: Record<string, (served: Served) => boolean> = {
  chat: (s) => s.chat !== undefined,
  embeddings: (s) => s.embeddings === true,
  'image-generation': (s) => s.imageGeneration === true,
  'video-generation': (s) => s.videoGeneration === true,
  'text-to-speech': (s) => s.textToSpeech === true,
  'text-to-dialogue': (s) => s.dialogue === true,
  'speech-to-text': (s) => s.speechToText === true,
  'sound-effect': (s) => s.soundEffects === true,
  'music-generation': (s) => s.musicGeneration === true,
  'conversational-agent': (s) => s.conversationalAgents === true,
};

/** Only what works now: a catalogued model whose operation is not built yet is left out. */
export function capabilitiesOf(provider: ProviderId): ProviderCapabilities {
  const served = descriptorOf(provider).capabilities;
  const models = (catalogue().providers[provider]?.models ?? []).filter((m) =>
    (m.capabilities as string[]).some((c) => OPERATION_OF[c]?.(served)),
  );
  return {
    imageGeneration: served.imageGeneration === true,
    videoGeneration: served.videoGeneration === true,
    textToSpeech: served.textToSpeech === true,
    speechToText: served.speechToText === true,
    ...(served.soundEffects ? { soundEffects: true } : {}),
    ...(served.musicGeneration ? { musicGeneration: true } : {}),
    ...(served.conversationalAgents ? { conversationalAgents: true } : {}),
    models: models.map((m) => ({ id: m.id, name: m.name, capabilities: [...m.capabilities] })),
  };
}

export function allCapabilities(): Record<string, ProviderCapabilities> {
  return Object.fromEntries(PROVIDERS.map((d) => [d.id, capabilitiesOf(d.id)]));
}

/**
 * Every model /v1 can call now, as `<provider>/<model>`, in provider order:
 * the same models as discovery (a catalogued model whose operation is not
 * built is left out), the live list of each local runtime that answers, and
 * nothing of a hosted provider the operator has not given a key (its calls
 * would answer 503).
 */
export async function compatModels(only?: ProviderId): Promise<CompatModel[]> {
  const lists = await Promise.all(
    PROVIDERS.filter((d) => only === undefined || d.id === only).map(async (d): Promise<CompatModel[]> => {
      const settings = providerSettings(d.id);
      if (!settings.local && !settings.apiKey) return [];
      if (settings.local && adapterOf(d.id)?.listModels) {
        // A local runtime that is down lists nothing; the rest of the listing still answers.
        const live = await modelsOf(d.id).catch(() => []);
        return live.map((m) => ({ id: `${d.id}/${m.id}`, provider: d.id, name: m.name, created: 0, contextWindow: m.contextWindow, maxOutputTokens: m.maxOutputTokens }));
      }
      return capabilitiesOf(d.id).models.map((m) => {
        const record = findModel(d.id, m.id);
        return {
          id: `${d.id}/${m.id}`,
          provider: d.id,
          name: m.name ?? m.id,
          created: record?.effectiveFrom ? Math.floor(Date.parse(record.effectiveFrom) / 1000) : 0,
          contextWindow: record?.contextWindow || null,
          maxOutputTokens: record?.maxOutputTokens || null,
        };
      });
    }),
  );
  return lists.flat();
}
