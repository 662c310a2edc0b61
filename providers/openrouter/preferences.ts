// OpenRouter's provider routing preferences (the request's `provider` object),
// set by the operator once in OPENROUTER_PROVIDER_PREFERENCES as JSON and sent
// with every call. Checked against OpenRouter's documented fields, so a typo
// fails loudly naming the variable instead of being ignored upstream.
import { jsonSetting } from '../jsonSetting.ts';

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

const read = jsonSetting<Record<string, unknown>>('openrouter', PREFERENCES_ENV, SCHEMA, '{"order":["anthropic"],"allow_fallbacks":false}');

/** The preferences as JSON to send, or undefined when none are set; a broken value throws missing_config. */
export function routingPreferences(raw: string | undefined): Record<string, unknown> | undefined {
  return raw?.trim() ? read(raw) : undefined;
}
