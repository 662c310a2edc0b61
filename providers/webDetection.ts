// What the two web-detection engines (google-vision, tineye) share: the
// canonical result of document 2, their settings, and a registry. They are not
// model providers (GET /api/llm/providers does not list them), so they have
// their own small registry here rather than a place in providers/index.ts.
import type { ProviderId } from '../protocols/canonical.ts';
import type { CallContext, ProviderSettings } from './types.ts';
import googleVision from './google-vision/index.ts';
import tineye from './tineye/index.ts';

export type WebEngineId = 'google-vision' | 'tineye';
export const WEB_ENGINES: readonly WebEngineId[] = ['google-vision', 'tineye'];

export interface WebImageMatch {
  url: string;
  score?: number;
  pageTitle?: string;
  domain?: string;
  crawlDate?: string;
}

export interface WebDetectionResult {
  likelyFromWeb: boolean;
  fullMatchingImages: WebImageMatch[];
  partialMatchingImages: WebImageMatch[];
  pagesWithMatchingImages: WebImageMatch[];
  visuallySimilarImages: WebImageMatch[];
  webEntities: Array<{ description: string; score: number }>;
  bestGuessLabels: string[];
  model: string;
  provider: WebEngineId;
  inferenceTimeMs: number;
  totalResults?: number;
  totalBacklinks?: number;
}

export interface WebDetectionCall {
  /** The image's bytes. */
  image: Buffer;
  maxResults: number;
}

export interface WebEngine {
  id: WebEngineId;
  /** The catalogue model an analysis is billed as. */
  model: string;
  keyEnv: string;
  baseUrlEnv: string;
  defaultBaseUrl: string;
  detect(call: WebDetectionCall, ctx: CallContext): Promise<WebDetectionResult>;
}

const ENGINES: Record<WebEngineId, WebEngine> = { 'google-vision': googleVision, tineye };

export function webEngine(id: WebEngineId): WebEngine {
  return ENGINES[id];
}

/**
 * Settings in the shape the shared transport (providers/http.ts) takes. The
 * transport names providers in its errors; the engine id is passed where it
 * expects a model provider's id.
 */
export function webEngineSettings(id: WebEngineId, env: NodeJS.ProcessEnv = process.env): ProviderSettings {
  const e = ENGINES[id];
  return {
    id: id as unknown as ProviderId,
    baseUrl: (env[e.baseUrlEnv] || e.defaultBaseUrl).replace(/\/+$/, ''),
    apiKey: env[e.keyEnv] || undefined,
    extra: {},
    keyEnv: e.keyEnv,
    baseUrlEnv: e.baseUrlEnv,
    local: false,
  };
}

export function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}
