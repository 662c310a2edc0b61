// An operator setting given as JSON in one environment variable, checked
// against a JSON Schema: a broken value fails the call naming the variable and
// what is wrong, instead of being ignored or half-read.
import Ajv2020 from 'ajv/dist/2020.js';
import type { ProviderId } from '../protocols/canonical.ts';
import { ProviderError } from './types.ts';

export type JsonSetting<T> = (raw: string) => T;

/** A reader of the variable `name` for `provider`; the last value read is kept, as the environment seldom changes. */
export function jsonSetting<T>(provider: ProviderId, name: string, schema: object, example: string): JsonSetting<T> {
  const validate = new Ajv2020.default({ allErrors: true }).compile(schema);
  let last: { raw: string; value: T } | undefined;
  return (raw) => {
    if (last?.raw === raw) return last.value;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw new ProviderError(provider, 'missing_config', `${name} is not JSON; set it to something like ${example}`);
    }
    if (!validate(value)) {
      const why = (validate.errors ?? [])
        .map((e) => `${e.instancePath || '(the value)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${e.params.additionalProperty})` : ''}`)
        .join('; ');
      throw new ProviderError(provider, 'missing_config', `${name} is not valid: ${why}`);
    }
    last = { raw, value: value as T };
    return last.value;
  };
}
