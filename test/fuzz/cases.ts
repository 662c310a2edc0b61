// The fuzz stage's requests, generated from each operation's own schemas:
// the spec's examples, values the schemas accept (at their bounds), the same
// with one thing broken (the vocabulary below), and what arrives before any
// schema applies: wrong media types, content codings, truncated and oversize
// bodies, odd query strings and path segments, unknown methods. Every choice
// comes from one seed, so a run is reproduced by its seed.
import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import type { Operation, Spec } from '../../contract-tests/spec.ts';
import { SchemaArbitraries } from './schemaArbitrary.ts';

export interface FuzzCase {
  spec: Spec;
  /** Undefined for a method no operation of the path has. */
  op?: Operation;
  kind: string;
  method: string;
  /** Path and query string, percent-encoded as sent. */
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Send the headers with this Content-Length and no body (the answer must not wait for it). */
  declaredLength?: number;
  /** Send this many bytes of the body, then close the connection. */
  truncateAt?: number;
  /** Leave auth headers out. */
  noAuth?: boolean;
}

/** Deterministic choices from the run's seed (mulberry32). */
export class Choice {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

export function seedOf(...parts: Array<string | number>): number {
  let h = 2166136261;
  for (const c of parts.join('\u0000')) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

// Numbers JavaScript cannot hold exactly go into the JSON text as written.
const LITERAL = '\u0001literal:';
function literal(text: string): string {
  return `${LITERAL}${text}\u0001`;
}
function jsonText(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001literal:([^"\\]+)\\u0001"/g, '$1');
}

const MEGABYTE = 'm'.repeat(1024 * 1024);

function nested(levels: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { n: v };
  return v;
}

function wrongType(v: unknown): unknown {
  if (typeof v === 'string') return 12345;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return 'true';
  if (Array.isArray(v)) return { 0: v[0] ?? null };
  if (v && typeof v === 'object') return [v];
  return {};
}

/** One value replaced: the fuzz vocabulary for body fields. `weight` keeps the 1 MB string rare. */
const VALUE_MUTATIONS: Array<{ name: string; weight: number; apply: (v: unknown) => unknown }> = [
  { name: 'nul', weight: 4, apply: () => 'a\u0000b' },
  { name: 'lone-surrogate', weight: 3, apply: () => '\ud800x\udfff' },
  { name: 'int64-max', weight: 2, apply: () => literal('9223372036854775807') },
  { name: 'past-int64', weight: 3, apply: () => literal('9223372036854775808') },
  { name: 'past-int64-negative', weight: 2, apply: () => literal('-9223372036854775809') },
  { name: 'huge-exponent', weight: 1, apply: () => literal('1e400') },
  { name: 'int32-edge', weight: 1, apply: () => 2 ** 31 },
  { name: 'fraction', weight: 2, apply: () => 1.5 },
  { name: 'negative', weight: 2, apply: () => -1 },
  { name: 'zero', weight: 1, apply: () => 0 },
  { name: 'wrong-type', weight: 4, apply: wrongType },
  { name: 'null', weight: 2, apply: () => null },
  { name: 'empty-string', weight: 2, apply: () => '' },
  { name: 'empty-array', weight: 1, apply: () => [] },
  { name: 'empty-object', weight: 1, apply: () => ({}) },
  { name: 'deep-nesting', weight: 2, apply: () => nested(500) },
  { name: 'long-string', weight: 2, apply: () => 'y'.repeat(10_000) },
  { name: 'megabyte-string', weight: 1, apply: () => MEGABYTE },
  { name: 'unicode', weight: 2, apply: () => '𝒳 é\u202e\u200b漢字\ufeff🙂' },
  { name: 'enum-outsider', weight: 2, apply: () => 'definitely-not-a-listed-value' },
];

const MUTATION_WEIGHT = VALUE_MUTATIONS.reduce((n, m) => n + m.weight, 0);
function pickMutation(choice: Choice) {
  let r = choice.int(MUTATION_WEIGHT);
  for (const m of VALUE_MUTATIONS) {
    if ((r -= m.weight) < 0) return m;
  }
  return VALUE_MUTATIONS[0]!;
}

type Path = Array<string | number>;

function pathsOf(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (at.length > 8) return out;
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...at, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsOf(v, [...at, k], out);
  return out;
}

function setAt(root: unknown, path: Path, replace: (old: unknown) => unknown | typeof REMOVE): unknown {
  if (!path.length) {
    const next = replace(root);
    return next === REMOVE ? {} : next;
  }
  const copy: any = Array.isArray(root) ? [...root] : { ...(root as object) };
  const [head, ...rest] = path;
  if (!rest.length) {
    const next = replace(copy[head!]);
    if (next === REMOVE) {
      if (Array.isArray(copy)) copy.splice(head as number, 1);
      else delete copy[head!];
    } else copy[head!] = next;
    return copy;
  }
  copy[head!] = setAt(copy[head!], rest, replace);
  return copy;
}
const REMOVE = Symbol('remove');

/** A body with one thing broken: a field replaced, removed, or an unknown one added. */
function mutateBody(value: unknown, choice: Choice): { value: unknown; name: string } {
  const paths = pathsOf(value);
  const path = choice.pick(paths);
  const roll = choice.next();
  if (roll < 0.1 && path.length) return { value: setAt(value, path, () => REMOVE), name: `remove:${path.join('.')}` };
  if (roll < 0.15 && value && typeof value === 'object' && !Array.isArray(value)) {
    return { value: { ...(value as object), zzUnknownField: 'surprise' }, name: 'unknown-field' };
  }
  const mutation = pickMutation(choice);
  return { value: setAt(value, path, mutation.apply), name: `${mutation.name}:${path.join('.') || '(root)'}` };
}

/** Query values: the vocabulary for parameters. */
const QUERY_MUTATIONS: Array<{ name: string; apply: (name: string, value: string) => string }> = [
  { name: 'nul', apply: (n) => `${n}=a%00b` },
  { name: 'bad-percent', apply: (n) => `${n}=%E0%A4%A` },
  { name: 'lone-surrogate', apply: (n) => `${n}=%ED%A0%80` },
  { name: 'int64-max', apply: (n) => `${n}=9223372036854775807` },
  { name: 'past-int64', apply: (n) => `${n}=9223372036854775808` },
  { name: 'negative', apply: (n) => `${n}=-1` },
  { name: 'fraction', apply: (n) => `${n}=1.5` },
  { name: 'repeated', apply: (n, v) => `${n}=${encodeURIComponent(v)}&${n}=${encodeURIComponent(v)}` },
  { name: 'repeated-different', apply: (n, v) => `${n}=${encodeURIComponent(v)}&${n}=other` },
  { name: 'empty', apply: (n) => `${n}=` },
  { name: 'bare', apply: (n) => n },
  { name: 'long', apply: (n) => `${n}=${'q'.repeat(4000)}` },
  // Past Node's 16 KB for the request line and headers: refused before any router runs.
  { name: 'past-header-limit', apply: (n) => `${n}=${'q'.repeat(20_000)}` },
  { name: 'unicode', apply: (n) => `${n}=${encodeURIComponent('𝒳é\u202e')}` },
  { name: 'bracket-array', apply: (n, v) => `${n}[]=${encodeURIComponent(v)}` },
];

const PATH_MUTATIONS = ['%00', '%ED%A0%80', '%E0%A4%A', 'x'.repeat(300), '-1', '0', '9223372036854775808', '..', '%2F', 'null'];

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: any;
  example?: unknown;
  examples?: Record<string, any>;
}

export class CaseBuilder {
  private readonly spec: Spec;
  private readonly arbs: SchemaArbitraries;
  private readonly seed: number;
  constructor(spec: Spec, seed: number) {
    this.spec = spec;
    this.arbs = new SchemaArbitraries(spec.doc);
    this.seed = seed;
  }

  parameters(op: Operation): Parameter[] {
    const shared = this.spec.doc.paths[op.path]?.parameters ?? [];
    return [...shared, ...(op.op.parameters ?? [])].map((p: any) => this.spec.resolve(p));
  }

  private requestBody(op: Operation): { contentType: string; schema: any; examples: unknown[]; limit: number } | undefined {
    const rb = this.spec.resolve(op.op.requestBody);
    if (!rb?.content) return undefined;
    // The JSON form when there is one: it is what clients send.
    const [contentType, media] = Object.entries<any>(rb.content).find(([t]) => t === 'application/json') ?? Object.entries<any>(rb.content)[0]!;
    const examples = [
      ...(media.example !== undefined ? [media.example] : []),
      ...Object.values<any>(media.examples ?? {}).map((e) => this.spec.resolve(e).value),
    ].filter((e) => e !== undefined);
    return { contentType, schema: media.schema, examples, limit: rb['x-max-body-bytes'] ?? 1024 * 1024 };
  }

  private sample(schema: any, seed: number, n: number): unknown[] {
    if (n <= 0) return [];
    return fc.sample(this.arbs.valid(schema), { seed, numRuns: n });
  }

  /** Path and query values the schemas accept, one set per request. */
  private paramSets(op: Operation, seed: number, n: number): Array<{ path: Record<string, string>; query: Array<[string, string]>; headers: Record<string, string> }> {
    const params = this.parameters(op);
    const sets = Array.from({ length: n }, () => ({ path: {} as Record<string, string>, query: [] as Array<[string, string]>, headers: {} as Record<string, string> }));
    params.forEach((p, index) => {
      const examples = [p.example, ...Object.values<any>(p.examples ?? {}).map((e) => this.spec.resolve(e).value)].filter((e) => e !== undefined);
      const values = this.sample(p.schema ?? {}, seed + index, n);
      const choice = new Choice(seed + 1000 + index);
      sets.forEach((set, i) => {
        const raw = examples.length && choice.chance(0.4) ? choice.pick(examples) : values[i];
        const value = Array.isArray(raw) ? raw.map(String).join(',') : raw === undefined || raw === null ? '' : typeof raw === 'object' ? JSON.stringify(raw) : String(raw);
        if (p.in === 'path') set.path[p.name] = value || 'x';
        else if (p.in === 'query' && (p.required || choice.chance(0.6))) set.query.push([p.name, value]);
        else if (p.in === 'header' && (p.required || choice.chance(0.3)) && value) set.headers[p.name.toLowerCase()] = value.replace(/[^\x20-\x7e]/g, '');
      });
    });
    return sets;
  }

  private url(op: Operation, path: Record<string, string>, query: string): string {
    const filled = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => (name in path ? encodeURIComponent(path[name]!) : 'x'));
    return query ? `${filled}?${query}` : filled;
  }

  private encode(contentType: string, value: unknown): Buffer {
    if (contentType === 'text/plain') return Buffer.from(typeof value === 'string' ? value : jsonText(value));
    if (contentType === 'application/x-ndjson') return Buffer.from(Array.isArray(value) ? value.map((v) => jsonText(v)).join('\n') : jsonText(value));
    return Buffer.from(jsonText(value));
  }

  /** Every request for one operation. `runs` scales the generated ones. */
  build(op: Operation, runs: number): FuzzCase[] {
    const seed = seedOf(this.seed, this.spec.name, op.operationId);
    const choice = new Choice(seed);
    const body = this.requestBody(op);
    const multipart = body?.contentType.startsWith('multipart/');
    const cases: FuzzCase[] = [];
    const base = (kind: string, url: string, extra: Partial<FuzzCase> = {}): FuzzCase => ({
      spec: this.spec,
      op,
      kind,
      method: op.method.toUpperCase(),
      url,
      headers: {},
      ...extra,
    });
    const params = this.paramSets(op, seed, runs + 8);
    const queryString = (q: Array<[string, string]>) => q.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
    const generated = body && !multipart ? this.sample(body.schema, seed + 7, runs) : [];
    const valueFor = (i: number): unknown => (body?.examples.length && (i % 3 === 0 || !generated.length) ? body.examples[i % body.examples.length] : generated[i % Math.max(1, generated.length)]);

    for (let i = 0; i < runs; i++) {
      const p = params[i]!;
      const headers: Record<string, string> = { ...p.headers };
      const roll = choice.next();
      let url = this.url(op, p.path, queryString(p.query));
      let kind = 'valid';
      let payload: Buffer | undefined;
      if (body && multipart) {
        ({ body: payload, contentType: headers['content-type'] } = multipartBody(choice, i));
        kind = 'multipart';
      } else if (body) {
        let value = valueFor(i);
        if (i < body.examples.length) kind = 'example';
        else if (roll < 0.6) {
          const mutated = mutateBody(value, choice);
          value = mutated.value;
          kind = `body:${mutated.name}`;
        }
        headers['content-type'] = body.contentType;
        payload = this.encode(body.contentType, value);
      }
      // Parameters take their share of the breakage, bodiless operations all of it.
      const params_ = this.parameters(op);
      if (params_.length && (roll >= 0.6 || !body) && choice.chance(body ? 0.7 : 0.6)) {
        const target = choice.pick(params_);
        if (target.in === 'path') {
          const bad = choice.pick(PATH_MUTATIONS);
          url = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => (name === target.name ? bad : encodeURIComponent(p.path[name] ?? 'x')));
          const q = queryString(p.query);
          if (q) url += `?${q}`;
          kind = `path:${target.name}:${bad.slice(0, 20)}`;
        } else if (target.in === 'query') {
          const mutation = choice.pick(QUERY_MUTATIONS);
          const others = p.query.filter(([k]) => k !== target.name);
          const current = p.query.find(([k]) => k === target.name)?.[1] ?? '1';
          const q = [queryString(others), mutation.apply(target.name, current)].filter(Boolean).join('&');
          url = `${this.url(op, p.path, '')}?${q}`;
          kind = `query:${target.name}:${mutation.name}`;
        }
      } else if (!body && choice.chance(0.15)) {
        url += (url.includes('?') ? '&' : '?') + 'zzUnknown=1';
        kind = 'query:unknown';
      }
      cases.push(base(kind, url, { headers, body: payload }));
    }

    const plain = this.url(op, params[runs]!.path, queryString(params[runs]!.query));
    // Every numeric parameter at and past its bounds and int64's, whatever the draw.
    for (const p of this.parameters(op)) {
      const schema = this.spec.resolve(p.schema ?? {});
      const types = [schema.type].flat();
      if (!types.includes('integer') && !types.includes('number')) continue;
      const edges = ['9223372036854775807', '9223372036854775808', '-9223372036854775809', '1e400'];
      if (typeof schema.minimum === 'number') edges.push(String(schema.minimum), String(schema.minimum - 1));
      if (typeof schema.maximum === 'number') edges.push(String(schema.maximum), String(schema.maximum + 1));
      for (const edge of edges) {
        const set = params[runs + 1]!;
        if (p.in === 'query') {
          const q = [queryString(set.query.filter(([k]) => k !== p.name)), `${encodeURIComponent(p.name)}=${edge}`].filter(Boolean).join('&');
          cases.push(base(`bound:${p.name}=${edge}`, this.url(op, set.path, q), { ...this.bodyFor(body, multipart, choice) }));
        } else if (p.in === 'path') {
          cases.push(base(`bound:${p.name}=${edge}`, this.url(op, { ...set.path, [p.name]: edge }, queryString(set.query)), { ...this.bodyFor(body, multipart, choice) }));
        }
      }
    }
    if (op.op.security === undefined || op.op.security?.length) {
      const secured = (op.op.security ?? this.spec.doc.security ?? []).length > 0;
      if (secured) {
        // An operation open to anonymous callers too (a `{}` requirement) owes no 401 to a request without credentials.
        const anonymous = (op.op.security ?? this.spec.doc.security ?? []).some((r: object) => Object.keys(r).length === 0);
        const none = base('auth:none', plain, { noAuth: true, ...this.bodyFor(body, multipart, choice) });
        if (!anonymous) cases.push(none);
        // The body's content-type joins the wrong credentials rather than replacing them.
        const wrong = this.bodyFor(body, multipart, choice);
        const wrongAuth = { authorization: 'Bearer gw_live_not-a-real-key-at-all-0000000000000000', 'x-api-key': 'an_live_wrong' };
        cases.push(base('auth:wrong', plain, { noAuth: true, ...wrong, headers: { ...wrongAuth, ...wrong.headers } }));
      }
    }
    if (body && !multipart) {
      const valid = this.encode(body.contentType, valueFor(0));
      const json = { 'content-type': body.contentType };
      cases.push(
        base('transport:text-plain', plain, { headers: { 'content-type': 'text/plain' }, body: Buffer.from(jsonText(valueFor(0))) }),
        base('transport:no-content-type', plain, { body: valid }),
        base('transport:form', plain, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: Buffer.from('a=1&b=2') }),
        base('transport:xml', plain, { headers: { 'content-type': 'application/xml' }, body: Buffer.from('<?xml version="1.0"?><request/>') }),
        // 64 MB of zeros in 64 KB: never inflated.
        base('transport:gzip-bomb', plain, { headers: { ...json, 'content-encoding': 'gzip' }, body: GZIP_BOMB() }),
        base('transport:truncated-json', plain, { headers: json, body: valid.subarray(0, Math.max(1, Math.floor(valid.length / 2))) }),
        base('transport:truncated-body', plain, { headers: json, body: valid, truncateAt: Math.floor(valid.length / 2) }),
        base('transport:over-limit', plain, { headers: json, declaredLength: body.limit + 1 }),
        base('transport:empty', plain, { headers: json, body: Buffer.alloc(0) }),
        base('transport:json-scalar', plain, { headers: json, body: Buffer.from(choice.pick(['null', '[]', '123', '"text"', 'true'])) }),
        base('transport:charset', plain, { headers: { 'content-type': `${body.contentType}; charset=utf-8` }, body: valid }),
        base('transport:bom', plain, { headers: json, body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), valid]) }),
        base('transport:invalid-utf8', plain, { headers: json, body: Buffer.concat([valid.subarray(0, valid.length - 2), Buffer.from([0xff, 0xfe]), valid.subarray(valid.length - 2)]) }),
      );
    }
    return cases;
  }

  private bodyFor(body: ReturnType<CaseBuilder['requestBody']>, multipart: boolean | undefined, choice: Choice): Partial<FuzzCase> {
    if (!body) return {};
    if (multipart) {
      const m = multipartBody(choice, 0);
      return { body: m.body, headers: { 'content-type': m.contentType } };
    }
    return { body: this.encode(body.contentType, body.examples[0] ?? {}), headers: { 'content-type': body.contentType } };
  }
}

let bomb: Buffer | undefined;
function GZIP_BOMB(): Buffer {
  bomb ??= gzipSync(Buffer.alloc(64 * 1024 * 1024));
  return bomb;
}

/** An upload: a small file, an empty one, the wrong field, the wrong type, or a broken multipart body. */
function multipartBody(choice: Choice, i: number): { body: Buffer; contentType: string } {
  const boundary = `fuzz${i}boundary`;
  const part = (field: string, type: string, content: Buffer) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="clip.mp4"\r\nContent-Type: ${type}\r\n\r\n`),
      content,
      Buffer.from('\r\n'),
    ]);
  const end = Buffer.from(`--${boundary}--\r\n`);
  const variants = [
    () => Buffer.concat([part('video', 'video/mp4', Buffer.alloc(2048, 1)), end]),
    () => Buffer.concat([part('video', 'video/mp4', Buffer.alloc(0)), end]),
    () => Buffer.concat([part('other', 'video/mp4', Buffer.alloc(16, 1)), end]),
    () => Buffer.concat([part('video', 'image/gif', Buffer.alloc(16, 1)), end]),
    () => Buffer.concat([part('video', 'video/mp4', Buffer.alloc(16, 1))]),
    () => Buffer.from('not multipart at all'),
  ];
  return { body: choice.pick(variants)(), contentType: `multipart/form-data; boundary=${boundary}` };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * The methods a concrete URL is answered with: those of every path of the spec
 * that matches it. A literal path can also match a templated one
 * (/v1/responses/input_tokens is getResponse's /v1/responses/{response_id} with
 * the id "input_tokens"), and OpenAPI routes such a request to that operation.
 */
export function methodsAt(spec: Spec, url: string): string[] {
  const offered = new Set<string>();
  for (const [path, item] of Object.entries<any>(spec.doc.paths)) {
    const pattern = new RegExp(`^${path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[^/]+')}$`);
    if (pattern.test(url)) for (const m of METHODS) if (item[m]) offered.add(m.toUpperCase());
  }
  return [...offered];
}

/** Methods a path does not offer (no path matching its URL does): each must answer 405 with Allow. */
export function methodCases(spec: Spec): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const path of Object.keys(spec.doc.paths)) {
    const url = path.replace(/\{[^}]+\}/g, '1');
    const offered = methodsAt(spec, url);
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      if (offered.includes(method)) continue;
      cases.push({ spec, kind: 'method', method, url, headers: {} });
    }
  }
  return cases;
}
