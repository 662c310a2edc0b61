// Provider id -> adapter. One line per provider; ids without an adapter are absent.
import type { ProviderId } from '../protocols/canonical.ts';
import anthropic from './anthropic/index.ts';
import deepseek from './deepseek/index.ts';
import gemini from './gemini/index.ts';
import localai from './localai/index.ts';
import mistral from './mistral/index.ts';
import ollama from './ollama/index.ts';
import openai from './openai/index.ts';
import perplexity from './perplexity/index.ts';
import xai from './xai/index.ts';
import type { ProviderAdapter } from './types.ts';
import vertex from './vertex/index.ts';

const ADAPTERS: Partial<Record<ProviderId, ProviderAdapter>> = {
  gemini,
  vertex,
  openai,
  anthropic,
  xai,
  mistral,
  deepseek,
  perplexity,
  ollama,
  localai,
};

export function getAdapter(id: ProviderId): ProviderAdapter | undefined {
  return ADAPTERS[id];
}
