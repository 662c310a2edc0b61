// server/requestValidation.ts answers what openapi-backend's validateRequest
// answers. For every operation of every spec, on requests that vary one part
// at a time (path parameters, query strings parsed as Koa parses them,
// headers, bodies), both must agree: valid or not, the same error list, the
// same coerced query and path parameters, and the caller's request left as
// sent. A library that prepares or validates requests differently fails here.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import querystring from 'node:querystring';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenAPIBackend, Operation, Request } from 'openapi-backend';
import { mountSurface } from './app.ts';
import { requestValidator } from './requestValidation.ts';
import { REPO_ROOT } from './paths.ts';

const SPECS = ['openapi/gateway.yaml', 'openapi/compat.yaml', 'openapi/analytics.yaml'];
const apis: Record<string, OpenAPIBackend> = {};

beforeAll(async () => {
  for (const spec of SPECS) {
    // Built as the service builds it: Ajv 2020, coerced parameters, the project's formats.
    const surface = await mountSurface({ name: 'gateway', spec, handlers: {}, authenticate: {}, renderError: () => ({}) } as never, ['/']);
    apis[spec] = surface.api;
  }
}, 120_000);

type Schema = Record<string, any>;
type Param = { in: string; name: string; schema?: Schema };

/** A value the schema likely accepts (required properties filled in), to have valid requests as well as refused ones. */
function sample(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return 'x';
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  for (const key of ['oneOf', 'anyOf', 'allOf']) if (Array.isArray(schema[key])) return sample(schema[key][0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
      return schema.minimum ?? 1;
    case 'number':
      return schema.minimum ?? 1.5;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 1 }, () => sample(schema.items, depth + 1));
    case 'string':
      return schema.format === 'uuid' ? '6f1c7a0e-4d2b-4c8e-9a51-0b7d1c2e3f40' : schema.format === 'date-time' ? '2026-01-02T03:04:05Z' : schema.format === 'date' ? '2026-01-02' : 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'object':
    default: {
      if (type !== 'object' && !schema.properties) return 'x';
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) out[name] = sample(schema.properties?.[name], depth + 1);
      return out;
    }
  }
}

/** Query strings for an operation: each declared parameter with a likely value, a wrongly typed one, repeated, plus undeclared and hostile keys. */
function queryStrings(params: Param[]): string[] {
  const out = ['', 'zzz=1', '__proto__=x', '__proto__=x&__proto__=y'];
  const required = params.filter((p) => p.in === 'query' && (p as { required?: boolean }).required);
  const base = required.map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(scalar(p.schema)))}`).join('&');
  for (const p of params.filter((q) => q.in === 'query')) {
    const name = encodeURIComponent(p.name);
    const value = scalar(p.schema);
    for (const v of [String(value), 'abc', '-3', '2.5', 'true', '', '1,2', '1|2', '{"a":1}', '{bad']) out.push([base, `${name}=${encodeURIComponent(v)}`].filter(Boolean).join('&'));
    out.push([base, `${name}=1&${name}=2`].filter(Boolean).join('&'));
    out.push([base, `${name}=${encodeURIComponent(String(value))}&zzz=1`].filter(Boolean).join('&'));
  }
  if (base) out.push(base);
  return out;
}

function scalar(schema: Schema | undefined): unknown {
  const v = sample(schema);
  return Array.isArray(v) ? (v[0] ?? 'a') : typeof v === 'object' && v !== null ? 'a' : v;
}

function pathsFor(op: Operation): string[] {
  if (!op.path.includes('{')) return [op.path, `${op.path}/`];
  return ['x1', '42', 'a%2Fb', '%E0%A4%A', '6f1c7a0e-4d2b-4c8e-9a51-0b7d1c2e3f40'].map((v) => op.path.replace(/\{[^}]+\}/g, v));
}

function headerSets(params: Param[]): Record<string, string | string[]>[] {
  const json = { 'content-type': 'application/json', host: 'localhost', 'X-Mixed-Case': 'v' };
  const sets: Record<string, string | string[]>[] = [json, { host: 'localhost' }, { 'content-type': 'Application/JSON; charset=utf-8' }, { 'content-type': 'text/plain' }, { 'set-cookie': ['a=1', 'b=2'], 'content-type': 'application/json' }, { ...json, cookie: 'session=abc; other=1' }];
  const declared = params.filter((p) => p.in === 'header');
  for (const p of declared) {
    for (const v of [String(scalar(p.schema)), 'abc', '7']) {
      sets.push({ ...json, [p.name]: v });
      sets.push({ ...json, [p.name.toUpperCase()]: v });
    }
  }
  return sets;
}

function bodiesFor(op: Operation): unknown[] {
  const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content ?? {};
  const schema = Object.values(content)[0]?.schema;
  const good = sample(schema);
  const wrong = good && typeof good === 'object' && !Array.isArray(good) ? Object.fromEntries(Object.keys(good).map((k) => [k, { not: 'this' }])) : 12;
  return [undefined, {}, good, wrong, [], null, 'a text body', '{"a":1}', 5, { unknown_field_zz: 1 }];
}

interface Outcome {
  threw?: string;
  valid?: boolean;
  errors?: unknown;
  query?: unknown;
  params?: unknown;
}

function outcome(run: () => ReturnType<OpenAPIBackend['validateRequest']>): Outcome {
  try {
    const r = run();
    const coerced = r.coerced as Request & { params?: unknown };
    return { valid: r.valid, errors: r.errors, query: coerced.query, params: coerced.params };
  } catch (err) {
    return { threw: String(err) };
  }
}

/** Compares both on every operation of the api; answers how many answers of each kind were compared. */
function compareAll(api: OpenAPIBackend) {
  const validate = requestValidator(api);
  const tally = { valid: 0, invalid: 0, threw: 0, coerced: 0, compared: 0 };
  for (const op of api.getOperations()) {
    const params = (op.parameters ?? []) as Param[];
    const method = op.method.toUpperCase();
    const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content ?? {};
    const base = { path: pathsFor(op)[0]!, qs: '', headers: headerSets(params)[0]!, body: op.requestBody ? sample((content['application/json'] ?? Object.values(content)[0])?.schema) : undefined };
    const cases = [
      ...pathsFor(op).map((path) => ({ ...base, path })),
      ...queryStrings(params).map((qs) => ({ ...base, qs })),
      ...headerSets(params).map((headers) => ({ ...base, headers })),
      ...bodiesFor(op).map((body) => ({ ...base, body })),
      ...bodiesFor(op).map((body) => ({ ...base, body, headers: { host: 'localhost' } })),
    ];
    for (const c of cases) {
      // Each side gets its own request, built as the pipeline builds it (Koa parses the query with node:querystring).
      const make = (): Request => ({ method, path: c.path, query: querystring.parse(c.qs) as Request['query'], headers: { ...c.headers }, body: structuredClone(c.body) as never });
      const theirs = outcome(() => api.validateRequest(make(), op));
      const request = make();
      const ours = outcome(() => validate(request, op));
      const where = `${op.operationId} ${c.path}?${c.qs} ${JSON.stringify(c.headers)} ${JSON.stringify(c.body)}`;
      expect(ours, where).toStrictEqual(theirs);
      // The caller's request is left as it was sent.
      expect(request, where).toStrictEqual(make());
      tally.compared++;
      if (theirs.threw) tally.threw++;
      else if (theirs.valid) tally.valid++;
      else tally.invalid++;
      if (theirs.valid && JSON.stringify(theirs.query) !== JSON.stringify(querystring.parse(c.qs))) tally.coerced++;
    }
  }
  return tally;
}

// What the specs do not use yet but the module handles or hands on: array and
// integer query parameters, an integer header, a templated integer path, and
// the cases left to the library (cookie, non-exploded and JSON query parameters).
const SYNTHETIC = `
openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /things/{id}:
    parameters:
      - { name: id, in: path, required: true, schema: { type: integer, minimum: 1 } }
    post:
      operationId: postThing
      parameters:
        - { name: tags, in: query, schema: { type: array, items: { type: integer } } }
        - { name: n, in: query, schema: { type: integer, maximum: 10 } }
        - { name: X-Count, in: header, schema: { type: integer } }
      requestBody:
        required: true
        content:
          application/json:
            schema: { type: object, required: [name], properties: { name: { type: string }, size: { type: integer } }, additionalProperties: false }
      responses: { '200': { description: ok } }
  /plain:
    get:
      operationId: getPlain
      parameters:
        - { name: tags, in: query, required: true, schema: { type: array, items: { type: integer } } }
        - { name: X-Count, in: header, required: true, schema: { type: integer } }
      responses: { '200': { description: ok } }
  /cookie:
    get:
      operationId: getCookie
      parameters:
        - { name: session, in: cookie, required: true, schema: { type: string } }
      responses: { '200': { description: ok } }
  /explode:
    get:
      operationId: getExplode
      parameters:
        - { name: ids, in: query, explode: false, schema: { type: array, items: { type: integer } } }
        - { name: doc, in: query, content: { application/json: { schema: { type: object, required: [a] } } } }
      responses: { '200': { description: ok } }
`;

describe('requestValidator', () => {
  for (const spec of SPECS) {
    it(`answers as validateRequest for every operation of ${spec}`, () => {
      const tally = compareAll(apis[spec]!);
      // Both kinds of answer, and coercion, were exercised.
      expect(tally.valid, JSON.stringify(tally)).toBeGreaterThan(20);
      expect(tally.invalid, JSON.stringify(tally)).toBeGreaterThan(20);
      expect(tally.coerced, JSON.stringify(tally)).toBeGreaterThan(0);
    }, 120_000);
  }

  it('answers as validateRequest where the specs do not reach yet', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'request-validation-'));
    try {
      await writeFile(path.join(dir, 'synthetic.yaml'), SYNTHETIC);
      const surface = await mountSurface({ name: 'gateway', spec: path.relative(REPO_ROOT, path.join(dir, 'synthetic.yaml')), handlers: {}, authenticate: {}, renderError: () => ({}) } as never, ['/']);
      const tally = compareAll(surface.api);
      expect(tally.valid, JSON.stringify(tally)).toBeGreaterThan(5);
      expect(tally.invalid, JSON.stringify(tally)).toBeGreaterThan(5);
      // A lone value of an array parameter is validated and handed on as a list, coerced.
      const op = surface.api.getOperations().find((o) => o.operationId === 'getPlain')!;
      const answer = requestValidator(surface.api)({ method: 'GET', path: '/plain', query: querystring.parse('tags=5') as Request['query'], headers: { 'x-count': '3' } }, op);
      expect(answer.valid).toBe(true);
      expect(answer.coerced?.query).toStrictEqual({ tags: [5] });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
