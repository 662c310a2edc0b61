import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

// Bodies the router cannot validate for us (NDJSON lines, import
// rows that are skipped rather than rejected) are checked against the contract's
// own schemas, so the spec stays the one truth.
const spec = parse(readFileSync(fileURLToPath(new URL('../openapi/analytics.yaml', import.meta.url)), 'utf8'));
const ajv = new Ajv2020({ strict: false, allErrors: false });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addSchema({ $id: 'analytics', components: spec.components });

function schema(name: string) {
  const validate = ajv.getSchema(`analytics#/components/schemas/${name}`);
  if (!validate) throw new Error(`openapi/analytics.yaml has no schema ${name}`);
  return validate;
}

export const validateEventRow = schema('EventRow');
export const validateGoalSpec = schema('GoalSpec');

export function firstError(v: { errors?: { instancePath: string; message?: string }[] | null }): string {
  const e = v.errors?.[0];
  return e ? `${e.instancePath || 'body'} ${e.message ?? 'is invalid'}` : 'is invalid';
}
