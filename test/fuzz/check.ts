// What every answer of the fuzz stage must be: never a 500; a 5xx only where
// the spec declares it for a reason outside the service (501 for an operation
// listed as not implemented, 502/503/504 for a provider); a status the
// operation declares; every error in its surface's own shape; every success
// valid against the spec (each event of a stream too); a request every schema
// of its operation accepts never refused but with a code its description
// documents; and, for requests broken before any schema applies, the refusal
// the spec promises (413, 415, 401, 405).
import type { Spec } from '../../contract-tests/spec.ts';
import { methodsAt, type FuzzCase } from './cases.ts';
import type { Answer } from './send.ts';

export interface Problem {
  spec: string;
  operation: string;
  kind: string;
  status: number;
  problem: string;
  request: string;
  answer: string;
}

/**
 * 5xx codes that name a cause outside the service: a provider, its configuration,
 * or an operator's switch the spec documents (local vision is off unless
 * VISION_SERVICE_ENABLED=true; the fuzz stage leaves it off, so no model runs).
 */
// mail_not_configured: the mail server is the upstream of invitations and password resets, unset like an unconfigured provider.
const UPSTREAM_CODES = new Set(['mail_not_configured', 'provider_not_configured', 'upstream_error', 'upstream_timeout', 'upstream_overloaded', 'unavailable', 'upstream_rate_limited', 'unreachable', 'vision_disabled']);

function errorSchemaPointer(spec: Spec, url: string, headers: Record<string, string>): string {
  if (spec.name === 'gateway') return '/components/schemas/ErrorResponse';
  if (spec.name === 'analytics') return '/components/schemas/Error';
  // listModels' description: /v1/models answers (errors too) in the shape of the client asking, Anthropic's for a
  // request with anthropic-version, or with x-api-key and no Authorization. `headers` are those sent, auth included.
  const anthropicClient = headers['anthropic-version'] !== undefined || (headers['x-api-key'] !== undefined && headers.authorization === undefined);
  return url.startsWith('/v1/messages') || (url.startsWith('/v1/models') && anthropicClient) ? '/components/schemas/AnthropicErrorResponse' : '/components/schemas/ErrorResponse';
}

/** The error code, whichever shape carries it. */
function errorCode(body: any): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  if (typeof body.code === 'string') return body.code;
  if (typeof body.error?.code === 'string') return body.error.code;
  if (typeof body.error?.message === 'string') return body.error.message.split(':')[0];
  return undefined;
}

export function parseEvents(text: string): Array<{ event?: string; data: unknown }> {
  const events: Array<{ event?: string; data: unknown }> = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    if (!block.trim()) continue;
    let event: string | undefined;
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (!data.length) continue;
    const raw = data.join('\n');
    events.push({ event, data: raw === '[DONE]' ? raw : JSON.parse(raw) });
  }
  return events;
}

/** The statuses a request broken before validation must get (undefined: no specific promise). */
function expectedStatuses(c: FuzzCase): number[] | undefined {
  const documents = (type: string) => Boolean(c.spec.resolve(c.op?.op.requestBody)?.content?.[type]);
  switch (c.kind) {
    case 'transport:form':
      // The unsubscribe form (RFC 8058 one-click) is a documented form body, not a wrong one.
      return documents('application/x-www-form-urlencoded') ? undefined : [415];
    case 'transport:xml':
    case 'transport:gzip-bomb':
    case 'transport:no-content-type':
      return [415];
    case 'transport:text-plain':
      return documents('text/plain') ? undefined : [415];
    case 'transport:over-limit':
      return [413];
    case 'auth:none':
    case 'auth:wrong':
      return [401];
    case 'method':
      return [405];
    default:
      // The spec's info promises 431 in the surface's shape for every operation.
      return /^query:.*:past-header-limit$/.test(c.kind) ? [431] : undefined;
  }
}

/** `c` as sent: its headers are the ones that went out, auth included. */
export function check(c: FuzzCase, a: Answer, notImplemented: ReadonlySet<string>): string[] {
  // The client left mid-body: nobody reads the answer; the service's logs are checked instead.
  if (c.truncateAt !== undefined) return [];
  if (a.status === 0) return [`no answer (${a.error})`];
  const problems: string[] = [];
  const type = String(a.headers['content-type'] ?? '').split(';')[0]!.trim();
  const text = type === 'text/event-stream' ? '' : a.body.toString('utf8');
  let json: any;
  if (type === 'application/json') {
    try {
      json = JSON.parse(text);
    } catch {
      problems.push(`${a.status} body is not JSON: ${text.slice(0, 120)}`);
    }
  }
  const code = errorCode(json);
  const opKey = c.op ? `${c.spec.name}:${c.op.operationId}` : '';

  if (a.status === 500) problems.push('500: the service failed');
  else if (a.status === 501) {
    if (!notImplemented.has(opKey) || code !== 'not_implemented') problems.push(`501 ${code} on an operation not listed as not implemented`);
  } else if (a.status >= 502 && !UPSTREAM_CODES.has(code ?? '')) problems.push(`${a.status} ${code}: a 5xx that names no upstream cause`);

  const expected = expectedStatuses(c);
  if (expected && !expected.includes(a.status) && !(a.status === 429 && c.spec.name === 'analytics')) {
    problems.push(`expected ${expected.join(' or ')}, got ${a.status} ${code ?? ''}`);
  }

  if (!c.op) {
    // A method the path does not offer: the surface's shape and an Allow header naming what it does offer.
    const offered = methodsAt(c.spec, c.url);
    if (offered.includes('GET')) offered.push('HEAD');
    if (a.status === 405 && a.headers.allow !== offered.sort().join(', ')) problems.push(`Allow is "${a.headers.allow}", expected "${offered.join(', ')}"`);
  } else if (a.status !== 405 && !(a.status === 431 && expected?.includes(431))) {
    const declared = c.spec.declaredResponse(c.op, a.status);
    if (!declared) problems.push(`status ${a.status} is not declared for ${c.op.operationId}`);
    else if (a.status < 400) problems.push(...successProblems(c, a, declared.key, type, json));
    else if (json !== undefined) {
      const pointer = c.spec.responseSchemaPointer(c.op, declared.key, 'application/json');
      if (pointer) problems.push(...schemaProblems(c.spec, pointer, json, `${a.status} body`));
    }
  }
  if (a.status >= 400) {
    if (json === undefined) problems.push(`${a.status} error is not JSON (${type || 'no content type'})`);
    else problems.push(...schemaProblems(c.spec, errorSchemaPointer(c.spec, c.url, c.headers), json, `${a.status} error shape`));
  }
  if (a.status === 400 || a.status === 422) problems.push(...refusedUndocumented(c, a.status, json));
  return problems;
}

/**
 * The 4xx codes an operation's description documents for requests its schemas
 * accept: one list line each, "- `code`: the rule" (several codes for one rule:
 * "- `a`, `b`: ..."). What a schema cannot say (a file's content, a rule across
 * fields, a provider's own limits) is said there, so a client and this stage
 * read the same rules.
 */
export function documentedCodes(op: { op: any }): Set<string> {
  const codes = new Set<string>();
  for (const line of String(op.op.description ?? '').split('\n')) {
    const m = /^\s*- ((?:`[^`]+`(?:, )?)+):/.exec(line);
    if (m) for (const code of m[1]!.matchAll(/`([^`]+)`/g)) codes.add(code[1]!);
  }
  return codes;
}

/** A query value as the schema reads it: numbers, booleans and comma-separated lists from their text. */
function queryValue(schema: any, raw: string): unknown {
  const types: string[] = [schema?.type ?? []].flat();
  if (types.includes('array')) return raw === '' ? [] : raw.split(',').map((v) => queryValue(schema.items, v));
  if ((types.includes('integer') || types.includes('number')) && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

/** Whether every parameter of the request (query, path, header) is one its schema accepts, and no query parameter is unknown. */
function parametersValid(c: FuzzCase): boolean {
  const op = c.op!;
  const declared: Array<{ param: any; pointer: string }> = [];
  const item = c.spec.doc.paths[op.path];
  const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
  const collect = (list: any[] | undefined, base: string) =>
    (list ?? []).forEach((p, i) => declared.push({ param: c.spec.resolve(p), pointer: p.$ref ? `${p.$ref.replace(/^#/, '')}/schema` : `${base}/${i}/schema` }));
  collect(item.parameters, `/paths/${escape(op.path)}/parameters`);
  collect(op.op.parameters, `/paths/${escape(op.path)}/${op.method}/parameters`);
  const [pathPart, queryPart = ''] = c.url.split('?') as [string, string?];
  const query = new URLSearchParams(queryPart);
  const known = new Set(declared.filter((d) => d.param.in === 'query').map((d) => d.param.name));
  for (const name of query.keys()) if (!known.has(name)) return false;
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const template = new RegExp(`^${op.path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('([^/]*)')}$`);
  const matched = template.exec(pathPart);
  const pathValues: Record<string, string> = Object.fromEntries(names.map((n, i) => [n, matched?.[i + 1] ?? '']));
  for (const { param, pointer } of declared) {
    if (param.in === 'cookie') continue;
    const header = c.headers[String(param.name).toLowerCase()];
    const all = param.in === 'query' ? query.getAll(param.name) : param.in === 'path' ? [pathValues[param.name]!] : header === undefined ? [] : [header];
    if (all.length > 1) return false;
    if (!all.length) {
      if (param.required) return false;
      continue;
    }
    let raw = all[0]!;
    try {
      if (param.in === 'path') raw = decodeURIComponent(raw);
    } catch {
      return false;
    }
    if (!c.spec.validator(pointer)(queryValue(c.spec.resolve(param.schema), raw))) return false;
  }
  return true;
}

/** Whether the request's JSON body is one the operation's schema accepts (a request without a body: whether none is required). */
function bodyValid(c: FuzzCase): boolean {
  const op = c.op!;
  const requestBody = c.spec.resolve(op.op.requestBody);
  if (!c.body?.length) return !requestBody?.required;
  if (String(c.headers['content-type'] ?? '') !== 'application/json') return false;
  let body: unknown;
  try {
    body = JSON.parse(c.body.toString('utf8'));
  } catch {
    return false;
  }
  const pointer = op.op.requestBody?.$ref
    ? `${op.op.requestBody.$ref.replace(/^#/, '')}/content/application~1json/schema`
    : `/paths/${op.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${op.method}/requestBody/content/application~1json/schema`;
  if (!requestBody?.content?.['application/json']) return false;
  return c.spec.validator(pointer)(body) as boolean;
}

/**
 * The contract must say the truth both ways: a request every schema of the
 * operation accepts is accepted, or refused only with a code its description
 * documents (documentedCodes) for a rule a schema cannot say. Any other
 * refusal means the spec promises what the server does not do, or its schema
 * lacks a rule the server has: say which.
 */
function refusedUndocumented(c: FuzzCase, status: number, json: any): string[] {
  if (!c.op || !/^(valid|example|link)/.test(c.kind)) return [];
  const code = errorCode(json);
  if (code && documentedCodes(c.op).has(code)) return [];
  if (!bodyValid(c) || !parametersValid(c)) return [];
  const message: string = json?.message ?? json?.error?.message ?? '';
  return [`a request its schemas accept was refused with ${status} \`${code}\`, which the description does not document ("- \`${code}\`: rule"): ${message}`.slice(0, 400)];
}

function schemaProblems(spec: Spec, pointer: string, value: unknown, what: string): string[] {
  const validate = spec.validator(pointer);
  if (validate(value)) return [];
  return [`${what} does not match ${pointer}: ${JSON.stringify(validate.errors?.slice(0, 3)).slice(0, 400)}`];
}

function successProblems(c: FuzzCase, a: Answer, key: string, type: string, json: unknown): string[] {
  if (type === 'text/event-stream') {
    const problems: string[] = [];
    let events: ReturnType<typeof parseEvents>;
    try {
      events = parseEvents(a.body.toString('utf8'));
    } catch (err) {
      return [`stream has an event that is not JSON: ${(err as Error).message}`];
    }
    if (!events.length) problems.push('stream carried no event');
    for (const e of events) {
      if (e.data === '[DONE]') continue;
      const pointer = c.spec.sseEventPointer(c.op!, key, e.event ?? 'chunk');
      if (!pointer) problems.push(`stream event "${e.event}" is not declared`);
      else problems.push(...schemaProblems(c.spec, pointer, e.data, `event ${e.event ?? 'chunk'}`));
    }
    return problems;
  }
  const pointer = c.spec.responseSchemaPointer(c.op!, key, type);
  if (!pointer) return [];
  if (type === 'application/json') return json === undefined ? [] : schemaProblems(c.spec, pointer, json, `${a.status} body`);
  return [];
}
