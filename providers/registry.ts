// Every provider, in the order GET /api/llm/providers lists them: one import
// and one entry per provider folder. Adapters are built once, here, with the
// pricing catalogue's output-token caps.
import type { ProviderId } from '../protocols/canonical.ts';
import { findModel } from '../pricing/catalogue.ts';
import anthropic from './anthropic/index.ts';
import azure from './azure/index.ts';
import bedrock from './bedrock/index.ts';
import cerebras from './cerebras/index.ts';
import cohere from './cohere/index.ts';
import compatible from './compatible/index.ts';
import deepseek from './deepseek/index.ts';
import elevenlabs from './elevenlabs/index.ts';
import fireworks from './fireworks/index.ts';
import gemini from './gemini/index.ts';
import groq from './groq/index.ts';
import localAudio from './local-audio/index.ts';
import localVideo from './local-video/index.ts';
import localai from './localai/index.ts';
import mistral from './mistral/index.ts';
import ollama from './ollama/index.ts';
import openai from './openai/index.ts';
import openrouter from './openrouter/index.ts';
import perplexity from './perplexity/index.ts';
import together from './together/index.ts';
import vertex from './vertex/index.ts';
import xai from './xai/index.ts';
import type { AgentsAdapter, ChatAdapter, Embedder, MediaAdapter, ProviderAdapter, ProviderDescriptor } from './types.ts';

export const PROVIDERS: readonly ProviderDescriptor[] = [
  gemini,
  vertex,
  openai,
  anthropic,
  xai,
  mistral,
  deepseek,
  perplexity,
  ollama,
  elevenlabs,
  localAudio,
  localai,
  localVideo,
  bedrock,
  groq,
  together,
  fireworks,
  cerebras,
  openrouter,
  compatible,
  cohere,
  azure,
];

const byId = new Map<ProviderId, ProviderDescriptor>(PROVIDERS.map((d) => [d.id, d]));
const adapters = new Map<ProviderId, ProviderAdapter>();
for (const d of PROVIDERS) {
  if (d.createAdapter) adapters.set(d.id, d.createAdapter({ maxOutputTokens: (model) => findModel(d.id, model)?.maxOutputTokens }));
}

export function descriptorOf(id: ProviderId): ProviderDescriptor {
  const d = byId.get(id);
  if (!d) throw new Error(`unknown provider ${id}`);
  return d;
}

export function adapterOf(id: ProviderId): ProviderAdapter | undefined {
  return adapters.get(id);
}

/** The adapter when the provider completes text. */
export function chatAdapterOf(id: ProviderId): ChatAdapter | undefined {
  return byId.get(id)?.capabilities.chat ? (adapters.get(id) as ChatAdapter) : undefined;
}

/** The adapter when the provider embeds. */
export function embedderOf(id: ProviderId): Embedder | undefined {
  return byId.get(id)?.capabilities.embeddings ? (adapters.get(id) as Embedder) : undefined;
}

/** The provider's media operations, when it has any. */
export function mediaAdapterOf(id: ProviderId): MediaAdapter | undefined {
  return byId.get(id)?.media;
}

/** The provider that runs conversational voice agents (elevenlabs), with its adapter. */
export function agentsProvider(): AgentsAdapter | undefined {
  return PROVIDERS.find((d) => d.agents)?.agents;
}

export type ProviderLimits = Record<ProviderId, number>;

/** Each provider's concurrency: PROVIDER_CONCURRENCY_<ID> (e.g. PROVIDER_CONCURRENCY_OPENAI=50), else its descriptor's default. */
export function providerLimits(env: NodeJS.ProcessEnv = process.env): ProviderLimits {
  const limits = {} as ProviderLimits;
  for (const d of PROVIDERS) {
    const raw = env[`PROVIDER_CONCURRENCY_${d.id.toUpperCase().replace(/-/g, '_')}`];
    const parsed = raw ? Number(raw) : NaN;
    limits[d.id] = Number.isInteger(parsed) && parsed > 0 ? parsed : d.concurrency;
  }
  return limits;
}
