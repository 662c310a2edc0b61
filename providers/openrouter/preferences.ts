// OpenRouter's provider routing preferences (the request's `provider` object),
// set by the operator once in OPENROUTER_PROVIDER_PREFERENCES as JSON and sent
// with every call. Checked against OpenRouter's documented fields, so a typo
// fails loudly naming the variable instead of being ignored upstream.
import Ajv2020 from 'ajv/dist/2020.js';
import { ProviderError } from '../types.ts';

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

const validate = new Ajv2020.default({ allErrors: true }).compile(SCHEMA);
let last: { raw: string; value: Record<string, unknown> } | undefined;

/** The preferences as JSON to send, or undefined when none are set; a broken value throws missing_config. */
export function routingPreferences(raw: string | undefined): Record<string, unknown> | undefined {
  if (!raw?.trim()) return undefined;
  if (last?.raw === raw) return last.value;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ProviderError('openrouter', 'missing_config', `${PREFERENCES_ENV} is not JSON; set it to an object such as {"order":["anthropic"],"allow_fallbacks":false}`);
  }
  if (!validate(value)) {
    const why = (validate.errors ?? []).map((e) => `${e.instancePath || '(the object)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${e.params.additionalProperty})` : ''}`).join('; ');
    throw new ProviderError('openrouter', 'missing_config', `${PREFERENCES_ENV} is not a valid OpenRouter provider object: ${why}`);
  }
  last = { raw, value: value as Record<string, unknown> };
  return last.value;
}
