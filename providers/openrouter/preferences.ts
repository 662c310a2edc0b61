// OpenRouter's provider routing preferences (the request's `provider` object):
// the operator's defaults, set once in OPENROUTER_PROVIDER_PREFERENCES as
// JSON, and a request's own, joined into what each call sends. Both are
// checked against OpenRouter's documented fields, so a typo fails loudly
// (naming the variable, or the request field) instead of being ignored upstream.
import Ajv2020 from 'ajv/dist/2020.js';
import { jsonSetting } from '../jsonSetting.ts';
import { unsupported } from '../types.ts';

export const PREFERENCES_ENV = 'OPENROUTER_PROVIDER_PREFERENCES';

const slugs = { type: 'array', items: { type: 'string', minLength: 1 } };
const price = { type: 'number', minimum: 0 };
const SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    order: slugs,
    only: slugs,
    ignore: slugs,
    allow_fallbacks: { type: 'boolean' },
    require_parameters: { type: 'boolean' },
    data_collection: { enum: ['allow', 'deny'] },
    zdr: { type: 'boolean' },
    enforce_distillable_text: { type: 'boolean' },
    quantizations: { type: 'array', items: { enum: ['int4', 'int8', 'fp4', 'fp6', 'fp8', 'fp16', 'bf16', 'fp32', 'unknown'] } },
    sort: { enum: ['price', 'throughput', 'latency'] },
    max_price: { type: 'object', additionalProperties: false, properties: { prompt: price, completion: price, image: price, audio: price, request: price } },
  },
};

type Preferences = Record<string, unknown>;

const read = jsonSetting<Preferences>('openrouter', PREFERENCES_ENV, SCHEMA, '{"order":["anthropic"],"allow_fallbacks":false}');
const validRequest = new Ajv2020.default({ allErrors: true }).compile(SCHEMA);

/** The operator's preferences, or undefined when none are set; a broken value throws missing_config. */
export function routingPreferences(raw: string | undefined): Preferences | undefined {
  return raw?.trim() ? read(raw) : undefined;
}

/** Refuses a request's preferences that OpenRouter does not document, naming the field. */
export function checkRequestPreferences(given: Preferences): void {
  if (validRequest(given)) return;
  const why = (validRequest.errors ?? [])
    .map((e) => `provider${e.instancePath.replaceAll('/', '.')} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${e.params.additionalProperty})` : ''}`)
    .join('; ');
  throw unsupported('openrouter', 'these provider preferences', why, 'provider');
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/**
 * The preferences a call sends: the request's fields over the operator's,
 * except that a request only narrows what the operator restricted (data kept
 * from training and retention, the providers ruled in or out, the prices).
 */
export function joinPreferences(operator: Preferences | undefined, request: Preferences | undefined): Preferences | undefined {
  if (!operator || !request) return request ?? operator;
  const joined: Preferences = { ...operator, ...request };
  if (operator.data_collection === 'deny') joined.data_collection = 'deny';
  for (const flag of ['zdr', 'enforce_distillable_text'] as const) if (operator[flag] === true) joined[flag] = true;
  if (operator.ignore && request.ignore) joined.ignore = [...new Set([...strings(operator.ignore), ...strings(request.ignore)])];
  if (operator.only && request.only) {
    const allowed = new Set(strings(operator.only));
    const both = strings(request.only).filter((slug) => allowed.has(slug));
    if (!both.length) throw unsupported('openrouter', `provider.only ${JSON.stringify(request.only)}`, `the operator allows only ${strings(operator.only).join(', ')}`, 'provider');
    joined.only = both;
  }
  if (operator.max_price && request.max_price) {
    const ceiling = operator.max_price as Record<string, number>;
    const asked = request.max_price as Record<string, number>;
    const lower: Record<string, number> = { ...ceiling, ...asked };
    for (const k of Object.keys(ceiling)) if (asked[k] !== undefined) lower[k] = Math.min(ceiling[k]!, asked[k]!);
    joined.max_price = lower;
  }
  return joined;
}
