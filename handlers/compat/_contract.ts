// Test support: checks every /v1 answer against openapi/compat.yaml. JSON
// bodies against the operation's response schema for their status, and every
// SSE payload against the schema `x-sse-events` names for its event.
// A recording fetch for the official SDKs captures what actually went over the wire.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';

const SPEC_ID = 'https://switchyard.local/compat.yaml';

type Json = Record<string, any>;

let loaded: { spec: Json; ajv: InstanceType<typeof Ajv2020.default>; cache: Map<string, ValidateFunction> } | undefined;

function load() {
  if (loaded) return loaded;
  const spec = parse(readFileSync(new URL('../../openapi/compat.yaml', import.meta.url), 'utf8')) as Json;
  const ajv = new Ajv2020.default({ strict: false, allErrors: true });
  addFormats.default(ajv);
  for (const f of ['int32', 'int64', 'float', 'double', 'binary', 'password', 'byte']) ajv.addFormat(f, true);
  ajv.addSchema({ ...spec, $id: SPEC_ID });
  loaded = { spec, ajv, cache: new Map() };
  return loaded;
}

function resolve(node: Json): Json {
  let n = node;
  while (n && typeof n.$ref === 'string') {
    n = n.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((o: Json, k: string) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], load().spec);
  }
  return n;
}

function validatorFor(ref: string): ValidateFunction {
  const { ajv, cache } = load();
  let v = cache.get(ref);
  if (!v) {
    v = ajv.getSchema(`${SPEC_ID}${ref}`)!;
    if (!v) throw new Error(`no schema at ${ref}`);
    cache.set(ref, v);
  }
  return v;
}

function check(ref: string, value: unknown, where: string): string[] {
  const v = validatorFor(ref);
  if (v(value)) return [];
  return [`${where} does not match ${ref}: ${JSON.stringify(v.errors?.slice(0, 5))}\n  value: ${JSON.stringify(value).slice(0, 600)}`];
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** The spec's path template a concrete path matches (`/v1/models/openai%2Fgpt-4o-mini` -> `/v1/models/{model_id}`). */
function templateOf(urlPath: string): string | undefined {
  const paths = load().spec.paths ?? {};
  if (paths[urlPath]) return urlPath;
  return Object.keys(paths).find((t) => new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(urlPath));
}

/** The JSON-pointer of the response schema for a path and status (refs followed to their component). */
function responseRef(template: string, method: string, status: number, mediaType: string): string | undefined {
  const op = load().spec.paths?.[template]?.[method];
  if (!op) return undefined;
  const key = String(status);
  const raw = op.responses?.[key];
  if (!raw) return undefined;
  let base = `#/paths/${escapePointer(template)}/${method}/responses/${key}`;
  if (raw.$ref) base = raw.$ref;
  const schema = resolve(raw).content?.[mediaType]?.schema;
  if (!schema) return undefined;
  return schema.$ref ?? `${base}/content/${escapePointer(mediaType)}/schema`;
}

export interface SseEvent {
  event?: string;
  data: string;
}

export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    if (!block.trim()) continue;
    let event: string | undefined;
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    events.push({ event, data: data.join('\n') });
  }
  return events;
}

/** Problems with one exchange; an empty list means it follows the contract. */
export function contractProblems(urlPath: string, status: number, contentType: string, text: string, method = 'POST'): string[] {
  const template = templateOf(urlPath);
  const verb = method.toLowerCase();
  const op = template ? load().spec.paths[template][verb] : undefined;
  if (!op) return [`${method} ${urlPath} is not in openapi/compat.yaml`];
  if (!op.responses?.[String(status)]) return [`${urlPath} answered ${status}, which the spec does not list`];
  if (contentType.startsWith('text/event-stream')) {
    const sse = resolve(op.responses[String(status)])['x-sse-events'] as Record<string, Json> | undefined;
    if (!sse) return [`${urlPath} ${status} streamed but has no x-sse-events`];
    const problems: string[] = [];
    const events = parseSse(text);
    events.forEach((e, i) => {
      if (e.data === '[DONE]') {
        if (i !== events.length - 1) problems.push(`${urlPath}: [DONE] before the end`);
        return;
      }
      let payload: Json;
      try {
        payload = JSON.parse(e.data);
      } catch {
        problems.push(`${urlPath}: event ${i} is not JSON: ${e.data.slice(0, 200)}`);
        return;
      }
      // chat-completions has unnamed events: `chunk`, or an in-band `error`.
      const name = e.event ?? (payload.error ? 'error' : 'chunk');
      if (e.event && payload.type !== e.event) problems.push(`${urlPath}: event ${e.event} carries type ${payload.type}`);
      const schema = sse[name];
      if (!schema) problems.push(`${urlPath}: event ${name} is not in x-sse-events`);
      else problems.push(...check(schema.$ref, payload, `${urlPath} event ${i} (${name})`));
    });
    return problems;
  }
  // A body of another declared media type (a file's bytes) is checked for its type only.
  const media = contentType.split(';')[0]!.trim().toLowerCase();
  if (media && media !== 'application/json' && resolve(op.responses[String(status)]).content?.[media]) return [];
  const ref = responseRef(template!, verb, status, 'application/json');
  if (!ref) return [`${urlPath} ${status} has no application/json schema`];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [`${urlPath} ${status}: body is not JSON: ${text.slice(0, 200)}`];
  }
  return check(ref, body, `${urlPath} ${status}`);
}

export interface Exchange {
  method: string;
  path: string;
  status: number;
  contentType: string;
  requestBody: unknown;
  text: Promise<string>;
}

/**
 * A fetch that records every exchange (the SDKs get an untouched copy of the
 * body) so a test can check all of them against the contract afterwards.
 */
export function recordingFetch(log: Exchange[]): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    // The openai client fetches `data:,` once to see what its fetch supports: no exchange with the gateway.
    if (url.protocol === 'data:') return res;
    let requestBody: unknown;
    try {
      requestBody = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    } catch {
      requestBody = init?.body;
    }
    if (!res.body) {
      log.push({ method: init?.method ?? 'GET', path: url.pathname, status: res.status, contentType: '', requestBody, text: Promise.resolve('') });
      return res;
    }
    const [mine, theirs] = res.body.tee();
    log.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      status: res.status,
      contentType: res.headers.get('content-type') ?? '',
      requestBody,
      text: readAll(mine),
    });
    return new Response(theirs, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

/** The body as text; when the client aborts mid-stream, what had arrived by then. */
async function readAll(body: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // Aborted by the client: validate what was received.
  }
  return text;
}

/** Checks and empties the log; throws listing every problem. */
export async function assertContract(log: Exchange[]): Promise<number> {
  const exchanges = log.splice(0);
  const problems: string[] = [];
  for (const x of exchanges) problems.push(...contractProblems(x.path, x.status, x.contentType, await x.text, x.method));
  if (problems.length) throw new Error(`Contract violations:\n${problems.join('\n')}`);
  return exchanges.length;
}
