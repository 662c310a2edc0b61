// A provider's settings as the environment gives them now: read per call, so
// tests (and operators) may point a provider elsewhere without a restart.
import type { ProviderId } from '../protocols/canonical.ts';
import { descriptorOf } from './registry.ts';
import type { ProviderSettings } from './types.ts';
import { DEFAULT_TIMEOUT_MS } from './transport/http.ts';

export function providerSettings(id: ProviderId, env: NodeJS.ProcessEnv = process.env): ProviderSettings {
  // A provider the configuration file names: its first deployment, for what is not balanced (core/deployments.ts balances completions).
  if (fromFile.size) {
    const first = fromFile.get(id);
    if (first) return { ...first, extra: { ...first.extra } };
  }
  const d = descriptorOf(id);
  if (d.extraSettings) return resolveSettings(id, d, env);
  let last = resolved.get(id);
  // The environment is read once per provider and turn of the event loop: each
  // process.env read goes through Node's C++ interceptor, and four of them per
  // call were ~1.3% of a /v1 call's CPU (profile, bursts of 10). A variable
  // changed between two turns is seen by the next call, as before.
  if (last && last.env === env && checkedThisTurn.has(id)) return { ...last.settings, extra: {} };
  // Resolved only when a variable changed: the resolution (trims, a URL check,
  // variable names built from the id) showed in the /v1 profile.
  const given = env[d.baseUrlEnv];
  const key = d.keyEnv ? env[d.keyEnv] : undefined;
  const names = timeoutNames(id);
  const own = env[names[0]];
  const shared = env[names[1]];
  if (!last || last.env !== env || last.given !== given || last.key !== key || last.own !== own || last.shared !== shared) {
    last = { env, given, key, own, shared, settings: resolveSettings(id, d, env) };
    resolved.set(id, last);
  }
  if (env === process.env) {
    if (!checkedThisTurn.size) setImmediate(endTurn);
    checkedThisTurn.add(id);
  }
  // A copy per call, with its own `extra`: callers may adjust what they are given.
  return { ...last.settings, extra: {} };
}

const checkedThisTurn = new Set<ProviderId>();
const endTurn = () => checkedThisTurn.clear();

const resolved = new Map<ProviderId, { env: NodeJS.ProcessEnv; given?: string; key?: string; own?: string; shared?: string; settings: ProviderSettings }>();

let fromFile: ReadonlyMap<ProviderId, ProviderSettings> = new Map();

/** The settings of the providers the configuration file names (providers/deployments.ts), in place of the environment's. */
export function useFileSettings(settings: ReadonlyMap<ProviderId, ProviderSettings>): void {
  fromFile = settings;
}

/** Whether the configuration file names the provider. */
export function configuredByFile(id: ProviderId): boolean {
  return fromFile.has(id);
}

/** A provider's settings from this environment (a deployment's is the process's with its own values laid over). */
export function resolveSettings(id: ProviderId, d: ReturnType<typeof descriptorOf>, env: NodeJS.ProcessEnv): ProviderSettings {
  const more = d.extraSettings?.(env);
  const fallback = more?.defaultBaseUrl || d.defaultBaseUrl;
  const given = env[d.baseUrlEnv];
  return {
    id,
    baseUrl: given ? baseUrlAsMeant(given, fallback) : fallback.replace(/\/+$/, ''),
    apiKey: d.keyEnv ? env[d.keyEnv] || undefined : undefined,
    extra: more?.extra ?? {},
    keyEnv: d.keyEnv,
    baseUrlEnv: d.baseUrlEnv,
    local: d.local,
    timeoutMs: timeoutOf(id, env),
  };
}

const timeoutNameCache = new Map<ProviderId, readonly [string, string]>();

/** PROVIDER_TIMEOUT_MS_<ID> and PROVIDER_TIMEOUT_MS, in that order. */
function timeoutNames(id: ProviderId): readonly [string, string] {
  let names = timeoutNameCache.get(id);
  if (!names) timeoutNameCache.set(id, (names = [`PROVIDER_TIMEOUT_MS_${id.toUpperCase().replace(/-/g, '_')}`, 'PROVIDER_TIMEOUT_MS']));
  return names;
}

/** PROVIDER_TIMEOUT_MS_<ID>, else PROVIDER_TIMEOUT_MS, else the default; a value that is not a positive number is ignored. */
function timeoutOf(id: ProviderId, env: NodeJS.ProcessEnv): number {
  for (const name of timeoutNames(id)) {
    const value = Number(env[name]);
    if (env[name] && Number.isFinite(value) && value > 0) return value;
  }
  return DEFAULT_TIMEOUT_MS;
}

// Per (given, default) pair: settings are read per call, and a URL parse per call shows in profiles.
const asMeant = new Map<string, string>();

/**
 * A base URL as users write it, meaning what they meant. Trailing slashes go.
 * A provider whose API lives under a version path (openai, xai, mistral:
 * /v1) gets it when the URL has no path at all (OPENAI_BASE_URL=http://host:8000
 * means http://host:8000/v1, as the official SDKs' users write for local
 * servers). For a provider whose adapter adds the version itself (anthropic's
 * v1/messages, gemini's v1beta/...), a URL ending in a version segment loses
 * it, so ANTHROPIC_BASE_URL=https://api.anthropic.com/v1 does not call /v1/v1.
 * Any other path (a proxy's prefix) is kept as written.
 */
export function baseUrlAsMeant(given: string, defaultBaseUrl: string): string {
  const key = `${given}\n${defaultBaseUrl}`;
  let meant = asMeant.get(key);
  if (meant === undefined) {
    meant = resolveBaseUrl(given.trim(), defaultBaseUrl);
    if (asMeant.size >= 100) asMeant.clear();
    asMeant.set(key, meant);
  }
  return meant;
}

function resolveBaseUrl(given: string, defaultBaseUrl: string): string {
  const trimmed = given.replace(/\/+$/, '');
  let url: URL;
  let defaultPath: string;
  try {
    url = new URL(trimmed);
    defaultPath = new URL(defaultBaseUrl).pathname.replace(/\/+$/, '');
  } catch {
    // Not a URL: the call fails naming the variable and the address.
    return trimmed;
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (defaultPath && path === '') return `${trimmed}${defaultPath}`;
  if (!defaultPath && /\/v\d+(?:(?:alpha|beta)\d*)?$/.test(path)) return trimmed.replace(/\/v\d+(?:(?:alpha|beta)\d*)?$/, '');
  return trimmed;
}

export interface ProviderStatus {
  provider: ProviderId;
  configured: boolean;
  local: boolean;
  /** The variables that configure it, and whether each is set (never their values). */
  variables: Array<{ name: string; set: boolean }>;
  /** What to set to configure it. */
  missing: string[];
}

/** Whether a provider is configured: a hosted one needs its key; a local runtime has a default address. */
export function providerStatus(id: ProviderId, env: NodeJS.ProcessEnv = process.env): ProviderStatus {
  const d = descriptorOf(id);
  const isSet = (name: string) => Boolean(env[name]?.trim());
  const variables = [d.keyEnv, d.baseUrlEnv].filter((name): name is string => Boolean(name)).map((name) => ({ name, set: isSet(name) }));
  const keyNeeded = d.keyEnv && !isSet(d.keyEnv) && !d.otherCredential?.(d.extraSettings?.(env).extra ?? {});
  const missing = keyNeeded ? [d.keyEnv!] : [];
  // A provider with no public address (each Azure resource has its own) needs it set as well.
  if (!d.defaultBaseUrl && !isSet(d.baseUrlEnv)) missing.push(d.baseUrlEnv);
  return { provider: id, configured: missing.length === 0, local: d.local, variables, missing };
}
