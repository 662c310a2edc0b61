// A provider's settings as the environment gives them now: read per call, so
// tests (and operators) may point a provider elsewhere without a restart.
import type { ProviderId } from '../protocols/canonical.ts';
import { descriptorOf } from './registry.ts';
import type { ProviderSettings } from './types.ts';

export function providerSettings(id: ProviderId, env: NodeJS.ProcessEnv = process.env): ProviderSettings {
  const d = descriptorOf(id);
  const more = d.extraSettings?.(env);
  const baseUrl = env[d.baseUrlEnv] || more?.defaultBaseUrl || d.defaultBaseUrl;
  return {
    id,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: d.keyEnv ? env[d.keyEnv] || undefined : undefined,
    extra: more?.extra ?? {},
    keyEnv: d.keyEnv,
    baseUrlEnv: d.baseUrlEnv,
    local: d.local,
  };
}
