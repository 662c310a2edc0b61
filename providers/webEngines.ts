// The web-detection engines (google-vision, tineye). They are not model
// providers (GET /api/llm/providers does not list them), so they have this
// small registry of their own rather than a place in providers/registry.ts.
import type { ProviderId } from '../protocols/canonical.ts';
import type { ProviderSettings } from './types.ts';
import type { WebEngine, WebEngineId } from './wire/webDetection.ts';
import googleVision from './google-vision/index.ts';
import tineye from './tineye/index.ts';

export { WEB_ENGINES, type WebEngineId, type WebDetectionResult } from './wire/webDetection.ts';

const ENGINES: Record<WebEngineId, WebEngine> = { 'google-vision': googleVision, tineye };

export function webEngine(id: WebEngineId): WebEngine {
  return ENGINES[id];
}

/**
 * Settings in the shape the shared transport (providers/transport/http.ts) takes. The
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
