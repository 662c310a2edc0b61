import type { ProviderId } from '../protocols/canonical.ts';
import type { ProviderSettings } from './types.ts';

interface Source {
  keyEnv?: string;
  baseUrlEnv: string;
  defaultBaseUrl: string;
  local?: boolean;
}

// Default base URLs are the providers' public ones; every one is overridable so
// tests (and operators behind proxies) can point a provider anywhere.
const SOURCES: Record<ProviderId, Source> = {
  gemini: { keyEnv: 'GEMINI_API_KEY', baseUrlEnv: 'GEMINI_BASE_URL', defaultBaseUrl: 'https://generativelanguage.googleapis.com' },
  vertex: { keyEnv: 'VERTEX_API_KEY', baseUrlEnv: 'VERTEX_BASE_URL', defaultBaseUrl: '' },
  openai: { keyEnv: 'OPENAI_API_KEY', baseUrlEnv: 'OPENAI_BASE_URL', defaultBaseUrl: 'https://api.openai.com/v1' },
  anthropic: { keyEnv: 'ANTHROPIC_API_KEY', baseUrlEnv: 'ANTHROPIC_BASE_URL', defaultBaseUrl: 'https://api.anthropic.com' },
  xai: { keyEnv: 'XAI_API_KEY', baseUrlEnv: 'XAI_BASE_URL', defaultBaseUrl: 'https://api.x.ai/v1' },
  mistral: { keyEnv: 'MISTRAL_API_KEY', baseUrlEnv: 'MISTRAL_BASE_URL', defaultBaseUrl: 'https://api.mistral.ai/v1' },
  deepseek: { keyEnv: 'DEEPSEEK_API_KEY', baseUrlEnv: 'DEEPSEEK_BASE_URL', defaultBaseUrl: 'https://api.deepseek.com' },
  perplexity: { keyEnv: 'PERPLEXITY_API_KEY', baseUrlEnv: 'PERPLEXITY_BASE_URL', defaultBaseUrl: 'https://api.perplexity.ai' },
  ollama: { baseUrlEnv: 'OLLAMA_BASE_URL', defaultBaseUrl: 'http://127.0.0.1:11434', local: true },
  elevenlabs: { keyEnv: 'ELEVENLABS_API_KEY', baseUrlEnv: 'ELEVENLABS_BASE_URL', defaultBaseUrl: 'https://api.elevenlabs.io' },
  'local-audio': { baseUrlEnv: 'LOCAL_AUDIO_BASE_URL', defaultBaseUrl: 'http://127.0.0.1:8880', local: true },
  localai: { baseUrlEnv: 'LOCALAI_BASE_URL', defaultBaseUrl: 'http://127.0.0.1:8090', local: true },
  'local-video': { baseUrlEnv: 'LOCAL_VIDEO_BASE_URL', defaultBaseUrl: 'http://127.0.0.1:8000', local: true },
};

export function providerSettings(id: ProviderId, env: NodeJS.ProcessEnv = process.env): ProviderSettings {
  const source = SOURCES[id];
  const extra: Record<string, string> = {};
  let baseUrl = env[source.baseUrlEnv] || source.defaultBaseUrl;
  if (id === 'vertex') {
    extra.project = env.VERTEX_PROJECT ?? '';
    extra.location = env.VERTEX_LOCATION || 'europe-west4';
    // Vertex's regional endpoint is part of the host, so the default depends on the location.
    baseUrl ||= `https://${extra.location}-aiplatform.googleapis.com`;
  }
  return {
    id,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: source.keyEnv ? env[source.keyEnv] || undefined : undefined,
    extra,
    keyEnv: source.keyEnv,
    baseUrlEnv: source.baseUrlEnv,
    local: source.local ?? false,
  };
}
