// What the two web-detection engines (google-vision, tineye) share: document
// 2's web-detection result, the call, and what an engine declares.
import type { CallContext } from '../types.ts';

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

export function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}
