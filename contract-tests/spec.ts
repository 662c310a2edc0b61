// Reads an OpenAPI document and answers: which operations exist, what their
// example request is, and whether a response matches what the document
// declares. Validators reference the document itself (JSON pointers), so
// nothing is copied or dereferenced by hand.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as yaml from 'js-yaml';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { REPO_ROOT } from '../server/paths.ts';

export type SpecName = 'gateway' | 'compat' | 'analytics';

export interface Operation {
  spec: SpecName;
  operationId: string;
  method: string;
  path: string;
  op: any;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function pointer(...parts: string[]): string {
  return parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

export class Spec {
  readonly doc: any;
  private readonly ajv: InstanceType<typeof Ajv2020.default>;
  private readonly cache = new Map<string, ValidateFunction>();

  readonly name: SpecName;
  constructor(name: SpecName) {
    this.name = name;
    this.doc = yaml.load(readFileSync(path.join(REPO_ROOT, 'openapi', `${name}.yaml`), 'utf8'));
    this.ajv = new Ajv2020.default({ strict: false, allErrors: true });
    addFormats.default(this.ajv);
    this.ajv.addSchema(this.doc, name);
  }

  operations(): Operation[] {
    const out: Operation[] = [];
    for (const [p, item] of Object.entries<any>(this.doc.paths ?? {})) {
      for (const method of METHODS) {
        if (item[method]) out.push({ spec: this.name, operationId: item[method].operationId, method, path: p, op: item[method] });
      }
    }
    return out;
  }

  /** Follows a local $ref (components/...) one level. */
  resolve<T = any>(node: any): T {
    let current = node;
    while (current?.$ref) {
      const parts = (current.$ref as string).replace(/^#\//, '').split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
      current = parts.reduce((acc: any, key) => acc?.[key], this.doc);
    }
    return current;
  }

  validator(schemaPointer: string): ValidateFunction {
    let v = this.cache.get(schemaPointer);
    if (!v) {
      v = this.ajv.compile({ $ref: `${this.name}#${schemaPointer}` });
      this.cache.set(schemaPointer, v);
    }
    return v;
  }

  /** The declared response for a status (exact, then NXX range, then default). */
  declaredResponse(op: Operation, status: number): { key: string; response: any } | undefined {
    const responses = op.op.responses ?? {};
    for (const key of [String(status), `${String(status)[0]}XX`, 'default']) {
      if (responses[key]) return { key, response: this.resolve(responses[key]) };
    }
    return undefined;
  }

  /** JSON pointer of the schema of a response body, following a $ref'd response object. */
  responseSchemaPointer(op: Operation, statusKey: string, contentType: string): string | undefined {
    const raw = op.op.responses[statusKey];
    if (raw.$ref) {
      const base = (raw.$ref as string).replace(/^#/, '');
      const response = this.resolve(raw);
      return response.content?.[contentType]?.schema ? `${base}/${pointer('content', contentType, 'schema')}` : undefined;
    }
    if (!raw.content?.[contentType]?.schema) return undefined;
    return `/${pointer('paths', op.path, op.method, 'responses', statusKey, 'content', contentType, 'schema')}`;
  }

  sseEventPointer(op: Operation, statusKey: string, event: string): string | undefined {
    const response = op.op.responses[statusKey];
    const events = response?.['x-sse-events'] ?? this.resolve(response)?.['x-sse-events'];
    const schema = events?.[event];
    if (!schema) return undefined;
    if (schema.$ref) return (schema.$ref as string).replace(/^#/, '');
    return `/${pointer('paths', op.path, op.method, 'responses', statusKey, 'x-sse-events', event)}`;
  }

  /** The operation's own example request: body (first content type), path and query values. */
  exampleRequest(op: Operation): { path: string; query: URLSearchParams; contentType?: string; body?: unknown } {
    let resolvedPath = op.path;
    const query = new URLSearchParams();
    const shared = this.doc.paths[op.path]?.parameters ?? [];
    for (const raw of [...shared, ...(op.op.parameters ?? [])]) {
      const param = this.resolve(raw);
      const schema = this.resolve(param.schema ?? {});
      const firstExample = param.examples ? this.resolve(Object.values<any>(param.examples)[0])?.value : undefined;
      const value = param.example ?? firstExample ?? schema.example ?? schema.examples?.[0] ?? schema.default ?? schema.enum?.[0];
      if (param.in === 'path') resolvedPath = resolvedPath.replace(`{${param.name}}`, encodeURIComponent(String(value ?? '1')));
      else if (param.in === 'query' && (param.required || value !== undefined) && value !== undefined) query.set(param.name, String(value));
    }
    const requestBody = this.resolve(op.op.requestBody);
    if (!requestBody?.content) return { path: resolvedPath, query };
    const [contentType, media] = Object.entries<any>(requestBody.content)[0]!;
    const example = media.example ?? (media.examples ? this.resolve(Object.values<any>(media.examples)[0])?.value : undefined) ?? this.resolve(media.schema)?.example;
    return { path: resolvedPath, query, contentType, body: example };
  }
}
