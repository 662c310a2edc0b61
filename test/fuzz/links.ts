// Stateful sequences: an answer's OpenAPI links (a queueId to status, result,
// stream and cancel; a fileId to a completion; a template id to its session)
// become the next requests, with their runtime expressions filled from the
// request and answer that produced them.
import type { Operation, Spec } from '../../contract-tests/spec.ts';
import type { FuzzCase } from './cases.ts';

function pointerInto(value: unknown, pointer: string): unknown {
  if (!pointer || pointer === '/') return value;
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<any>((acc, key) => (acc == null ? undefined : acc[key]), value);
}

interface Exchange {
  requestBody: unknown;
  responseBody: unknown;
}

/** One runtime expression ($response.body#/..., $request.body#/...); undefined when it finds nothing. */
function evaluate(expression: string, x: Exchange): unknown {
  const m = /^\$(request|response)\.body#(.*)$/.exec(expression);
  if (!m) return undefined;
  return pointerInto(m[1] === 'request' ? x.requestBody : x.responseBody, m[2]!);
}

const MISSING = Symbol('missing');

/** A link's literal with its expressions filled: whole-string ones keep their type, embedded `{$...}` ones are text. */
function fill(value: unknown, x: Exchange): unknown {
  if (typeof value === 'string') {
    if (value.startsWith('$')) return evaluate(value, x) ?? MISSING;
    if (value.includes('{$')) {
      let missing = false;
      const text = value.replace(/\{(\$[^}]+)\}/g, (_m, e: string) => {
        const v = evaluate(e, x);
        if (v === undefined) missing = true;
        return String(v);
      });
      return missing ? MISSING : text;
    }
    return value;
  }
  if (Array.isArray(value)) {
    const items = value.map((v) => fill(v, x));
    return items.includes(MISSING) ? MISSING : items;
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const filled = fill(v, x);
      if (filled === MISSING) return MISSING;
      out[k] = filled;
    }
    return out;
  }
  return value;
}

/** The links of the response an operation answered with `status`, $refs followed. */
export function linksOf(spec: Spec, op: Operation, status: number): Array<[string, any]> {
  const declared = spec.declaredResponse(op, status);
  return Object.entries<any>(declared?.response.links ?? {});
}

/** The requests an answer's links lead to (those whose expressions all found something). */
export function followLinks(spec: Spec, from: FuzzCase, status: number, requestBody: unknown, responseBody: unknown): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const [name, link] of linksOf(spec, from.op!, status)) {
    const target = spec.operations().find((o) => o.operationId === link.operationId);
    if (!target) continue;
    const x = { requestBody, responseBody };
    const parameters = fill(link.parameters ?? {}, x);
    const body = link.requestBody === undefined ? undefined : fill(link.requestBody, x);
    if (parameters === MISSING || body === MISSING) continue;
    const declared = [...(spec.doc.paths[target.path]?.parameters ?? []), ...(target.op.parameters ?? [])].map((p: any) => spec.resolve(p));
    let url = target.path;
    const query: string[] = [];
    for (const [param, value] of Object.entries(parameters as Record<string, unknown>)) {
      const where = declared.find((p: any) => p.name === param)?.in ?? 'query';
      if (where === 'path') url = url.replace(`{${param}}`, encodeURIComponent(String(value)));
      else if (where === 'query') query.push(`${encodeURIComponent(param)}=${encodeURIComponent(String(value))}`);
    }
    if (query.length) url += `?${query.join('&')}`;
    cases.push({
      spec,
      op: target,
      kind: `link:${from.op!.operationId}.${name}`,
      method: target.method.toUpperCase(),
      url,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
    });
  }
  return cases;
}
