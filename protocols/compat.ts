// Pieces every /v1 converter shares: reading untrusted JSON into typed values
// with errors that name the offending parameter, `<provider>/<model>`
// addressing, response ids and image sources. Request bodies reach converters
// after schema validation, but converters still check what they read so a
// malformed body fails with a precise 400 rather than a crash deeper down.

import { ApiError } from './errors.ts';
import { isProviderId, type CanonicalRequest, type ImagePart, type ProviderId, type StreamEvent, type TokenLogprob } from './canonical.ts';

export type Json = Record<string, unknown>;

export function invalid(param: string, message: string): ApiError {
  return new ApiError('invalid_request', message, { param, code: 'invalid_request' });
}

/**
 * A request option the gateway cannot honour (for this protocol, or at all):
 * refused with a 400 rather than dropped, so a client never believes it was applied.
 */
export function refused(param: string, message: string): ApiError {
  return new ApiError('invalid_request', message, { param, code: 'capability_not_supported' });
}

/** Refuses every field of `body` named in `fields` that is present (not null), saying why. */
export function refuseFields(body: Json, fields: Record<string, string>, prefix = ''): void {
  for (const field in fields) {
    if (body[field] != null) throw refused(prefix + field, `${prefix + field} is not supported: ${fields[field]}`);
  }
}

/** A service tier every provider honours is the default one; asking for another is refused. */
export function serviceTier(value: unknown, param: string, defaults: readonly string[]): void {
  const tier = optString(value, param);
  if (tier !== undefined && !defaults.includes(tier)) {
    throw refused(param, `${param} "${tier}" is not supported; only ${defaults.join(' or ')} (the providers' default tier)`);
  }
}

/** A whole number >= 0 (top_logprobs, seed-like counts). */
export function optCount(value: unknown, param: string): number | undefined {
  const n = optNumber(value, param);
  if (n !== undefined && (!Number.isInteger(n) || n < 0)) throw invalid(param, `${param} must be a whole number >= 0`);
  return n;
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function object(value: unknown, param: string): Json {
  if (!isObject(value)) throw invalid(param, `${param} must be an object`);
  return value;
}

export function array(value: unknown, param: string): unknown[] {
  if (!Array.isArray(value)) throw invalid(param, `${param} must be an array`);
  return value;
}

export function string(value: unknown, param: string): string {
  if (typeof value !== 'string') throw invalid(param, `${param} must be a string`);
  return value;
}

// `null` counts as absent: OpenAI clients routinely send explicit nulls for unset options.
export function optString(value: unknown, param: string): string | undefined {
  return value == null ? undefined : string(value, param);
}

export function optNumber(value: unknown, param: string): number | undefined {
  if (value == null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(param, `${param} must be a number`);
  return value;
}

export function optInteger(value: unknown, param: string): number | undefined {
  const n = optNumber(value, param);
  if (n !== undefined && (!Number.isInteger(n) || n < 1)) throw invalid(param, `${param} must be a positive integer`);
  return n;
}

export function optBoolean(value: unknown, param: string): boolean | undefined {
  if (value == null) return undefined;
  if (typeof value !== 'boolean') throw invalid(param, `${param} must be a boolean`);
  return value;
}

/**
 * Sets `key` on the request when the client gave a value: absent options stay
 * absent, so an adapter can tell "not asked" from a default. A module function
 * rather than a closure per request: those ran as unoptimised baseline code on
 * the /v1 hot path (perf, bursts of 10).
 */
export function setGiven<K extends keyof CanonicalRequest>(request: CanonicalRequest, key: K, value: CanonicalRequest[K] | undefined): void {
  if (value !== undefined) request[key] = value;
}

export function optObject(value: unknown, param: string): Json | undefined {
  return value == null ? undefined : object(value, param);
}

export interface ModelRef {
  provider: ProviderId;
  model: string;
}

/** Splits `<provider>/<model>` on the first slash only, so model ids may contain slashes. */
export function parseModelRef(value: unknown, param = 'model'): ModelRef {
  const ref = string(value, param);
  const slash = ref.indexOf('/');
  if (slash <= 0 || slash === ref.length - 1) {
    throw invalid(param, `${param} must be "<provider>/<model>", got "${ref}"`);
  }
  const provider = ref.slice(0, slash);
  if (!isProviderId(provider)) {
    // 400, not 404: the address itself is malformed; 404 is left for models a known provider lacks.
    throw new ApiError('invalid_request', `Unknown provider "${provider}" in ${param} "${ref}"`, {
      param,
      code: 'unknown_provider',
    });
  }
  return { provider, model: ref.slice(slash + 1) };
}

/** A request option no provider gets through the gateway: refused with a 400 naming it, never dropped. */
export function refusedOption(param: string, why: string): ApiError {
  return new ApiError('invalid_request', `${param} is not supported: ${why}`, { param, code: 'capability_not_supported' });
}

/**
 * A protocol id such as `chatcmpl-<id>` from whatever id the call carries, without
 * doubling a prefix the id already has and without characters clients may choke on.
 */
export function prefixedId(prefix: string, id: string): string {
  if (id.startsWith(prefix)) return id;
  const safe = id.replace(/[^A-Za-z0-9_-]/g, '');
  return prefix + (safe || '0');
}

const DATA_URL = /^data:([^;,]+)?(?:;[^,]*)?;base64,(.*)$/s;

/** `data:` URLs become inline image data; anything else is fetched by the provider. */
export function imageFromUrl(url: string, param: string): ImagePart {
  if (url.startsWith('data:')) {
    const match = DATA_URL.exec(url);
    if (!match) throw invalid(param, `${param} must be a base64 data: URL or an http(s) URL`);
    return { type: 'image', ...(match[1] ? { mimeType: match[1] } : {}), data: match[2]! };
  }
  if (!/^https?:\/\//i.test(url)) throw invalid(param, `${param} must be a base64 data: URL or an http(s) URL`);
  return { type: 'image', url };
}

/** Tool arguments are a JSON string on the canonical side; protocols with objects need them parsed. */
export function parseArguments(args: string): Record<string, unknown> {
  if (!args.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(args);
    return isObject(parsed) ? parsed : { value: parsed };
  } catch {
    // A model that emitted broken JSON still answered; hand the raw text over rather than failing the call.
    return { _raw: args };
  }
}

/** True when a `cache_control` marker appears anywhere in a request part. */
export function hasCacheControl(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasCacheControl);
  if (!isObject(value)) return false;
  if (value.cache_control != null) return true;
  return Object.values(value).some(hasCacheControl);
}

export function sseEvent(type: string, data: unknown): string {
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export type FinishEvent = Extract<StreamEvent, { type: 'finish' }>;
export type ContentEvent = Exclude<StreamEvent, { type: 'finish' }>;

/** OpenAI's reasoning effort (chat `reasoning_effort`, responses `reasoning.effort`). */
export function thinkingFromEffort(value: unknown, param: string): CanonicalRequest['thinkingMode'] {
  const effort = optString(value, param);
  switch (effort) {
    case undefined:
      return undefined;
    case 'none':
      return { enabled: false };
    case 'minimal':
    case 'low':
    case 'medium':
    case 'high':
      return { enabled: true, effort };
    // The canonical scale stops at high; asking for more still means "think hardest".
    case 'xhigh':
    case 'max':
      return { enabled: true, effort: 'high' };
    default:
      throw invalid(param, `${param} must be one of none, minimal, low, medium, high, xhigh, max`);
  }
}

/** A JSON-schema output format, from chat `response_format.json_schema` or responses `text.format`. */
export function jsonSchemaFormat(format: Json, param: string): NonNullable<CanonicalRequest['jsonSchema']> {
  const schema = object(format.schema, `${param}.schema`);
  const name = optString(format.name, `${param}.name`);
  const strict = optBoolean(format.strict, `${param}.strict`);
  return { schema, ...(name !== undefined ? { name } : {}), ...(strict !== undefined ? { strict } : {}) };
}

/** OpenAI's token-logprob shape (chat logprobs.content[] and responses output_text.logprobs[]). */
export function toOpenAiLogprobs(logprobs: TokenLogprob[]): Json[] {
  return logprobs.map((t) => ({
    token: t.token,
    logprob: t.logprob,
    bytes: t.bytes ?? utf8Bytes(t.token),
    top_logprobs: t.top.map((a) => ({ token: a.token, logprob: a.logprob, bytes: a.bytes ?? utf8Bytes(a.token) })),
  }));
}

function utf8Bytes(token: string): number[] {
  return [...Buffer.from(token, 'utf8')];
}

/** The verbosity hint of chat `verbosity` and responses `text.verbosity`. */
export function verbosity(value: unknown, param: string): CanonicalRequest['verbosity'] {
  const v = optString(value, param);
  if (v === undefined) return undefined;
  if (v !== 'low' && v !== 'medium' && v !== 'high') throw invalid(param, `${param} must be low, medium or high`);
  return v;
}
