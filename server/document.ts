// A surface's OpenAPI document as openapi-backend is given it: the YAML file,
// parsed, with one rewrite the library needs to read it as the spec means it.
//
// A free-form object query parameter (style form, exploded: every query
// parameter is one of its properties, as getRealtime and the dashboard page
// take them) names no query parameter of its own. openapi-backend nevertheless
// also checks a query parameter of that name against the whole object schema,
// so `?ignored=1.5` on getRealtime answered 400 "must be object". Without its
// `type`, what remains of the schema (additionalProperties) still tells the
// library that any query parameter is accepted, and a value of that name is
// no longer required to be an object. server/document.test.ts fails once the
// library reads such parameters itself, so this rewrite can go.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import type { Document } from 'openapi-backend';
import { REPO_ROOT } from './paths.ts';

type Parameter = { in?: string; style?: string; explode?: boolean; schema?: Record<string, unknown> };

/** Whether a parameter is a free-form object spread over the query string. */
export function isFreeFormQuery(p: Parameter): boolean {
  return p.in === 'query' && p.schema?.type === 'object' && p.explode !== false && (p.style ?? 'form') === 'form';
}

function untype(parameters: unknown): void {
  if (!Array.isArray(parameters)) return;
  for (const p of parameters as Parameter[]) {
    if (!isFreeFormQuery(p)) continue;
    const { type: _type, ...rest } = p.schema!;
    p.schema = rest;
  }
}

/** The document at `spec` (relative to the repository root), ready for `new OpenAPIBackend({ definition })`. */
export async function loadDocument(spec: string): Promise<Document> {
  const document = parse(await readFile(path.join(REPO_ROOT, spec), 'utf8')) as Document & {
    components?: { parameters?: Record<string, Parameter> };
  };
  untype(Object.values(document.components?.parameters ?? {}));
  for (const item of Object.values(document.paths ?? {}) as Array<Record<string, { parameters?: unknown }> & { parameters?: unknown }>) {
    untype(item.parameters);
    for (const operation of Object.values(item)) if (operation && typeof operation === 'object') untype((operation as { parameters?: unknown }).parameters);
  }
  return document;
}
