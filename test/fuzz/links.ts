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

/**
 * Ids the service handed out (queueId, fileId, a project's or a session's id),
 * by name, from answers: generated requests that name the same field get a real
 * one now and then, so operations on existing things are reached, not only 404s.
 */
export class IdPool {
  private readonly ids = new Map<string, string[]>();

  harvest(value: unknown, parent = ''): void {
    if (Array.isArray(value)) {
      for (const v of value.slice(0, 3)) this.harvest(v, parent.replace(/s$/, ''));
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const [key, v] of Object.entries(value)) {
      const name = key === 'id' ? (parent && parent !== 'data' ? `${parent}Id` : '') : /Id$/.test(key) ? key : '';
      if (name && (typeof v === 'string' || typeof v === 'number') && String(v).length <= 64) {
        const list = this.ids.get(name) ?? [];
        if (!list.includes(String(v)) && list.length < 8) this.ids.set(name, [...list, String(v)]);
      } else this.harvest(v, key);
    }
  }

  names(): string[] {
    return [...this.ids.keys()];
  }

  /** The body with its top-level id fields replaced by known ids, when any; `pick` chooses among them. */
  fill(body: Buffer, pick: (n: number) => number): Buffer | undefined {
    let value: unknown;
    try {
      value = JSON.parse(body.toString('utf8'));
    } catch {
      return undefined;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    let changed = false;
    for (const key of Object.keys(value)) {
      const known = this.ids.get(key);
      if (!known) continue;
      (value as Record<string, unknown>)[key] = known[pick(known.length)];
      changed = true;
    }
    return changed ? Buffer.from(JSON.stringify(value)) : undefined;
  }

  /** The same for path parameters named like a known id (`/v1/sessions/{sessionId}`). */
  fillPath(template: string, url: string, pick: (n: number) => number): string | undefined {
    const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const known = names.filter((n) => this.ids.has(n));
    if (!known.length || url.includes('?')) return undefined;
    let filled = template;
    for (const name of names) {
      const ids = this.ids.get(name);
      if (!ids) return undefined;
      filled = filled.replace(`{${name}}`, encodeURIComponent(ids[pick(ids.length)]!));
    }
    return filled;
  }
}
