// Provider id -> adapter. One line per provider; ids without an adapter are absent.
import type { ProviderId } from '../protocols/canonical.ts';
import { findModel } from '../pricing/catalogue.ts';
import { createAnthropicAdapter } from './anthropic/index.ts';
import { createDeepseekAdapter } from './deepseek/index.ts';
import gemini from './gemini/index.ts';
import { createLocalaiAdapter } from './localai/index.ts';
import { createMistralAdapter } from './mistral/index.ts';
import ollama from './ollama/index.ts';
import { createOpenAIAdapter } from './openai/index.ts';
import { createPerplexityAdapter } from './perplexity/index.ts';
import { createXaiAdapter } from './xai/index.ts';
import type { ProviderAdapter } from './types.ts';
import vertex from './vertex/index.ts';

/** The catalogue's output limit caps maxTokens plus a thinking budget. */
const limits = (provider: ProviderId) => ({ maxOutputTokens: (model: string) => findModel(provider, model)?.maxOutputTokens });

const ADAPTERS: Partial<Record<ProviderId, ProviderAdapter>> = {
  gemini,
  vertex,
  openai: createOpenAIAdapter(limits('openai')),
  anthropic: createAnthropicAdapter(limits('anthropic')),
  xai: createXaiAdapter(limits('xai')),
  mistral: createMistralAdapter(limits('mistral')),
  deepseek: createDeepseekAdapter(limits('deepseek')),
  perplexity: createPerplexityAdapter(limits('perplexity')),
  ollama,
  localai: createLocalaiAdapter(limits('localai')),
};

export function getAdapter(id: ProviderId): ProviderAdapter | undefined {
  return ADAPTERS[id];
}
