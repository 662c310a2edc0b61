import type { Knex } from 'knex';
import { ApiError } from '../../protocols/errors.ts';
import { describeSource } from '../sources.ts';
import { matchValues } from '../../db/analytics/matchValues.ts';
import { dicts, dictOf, regionNames, VISIT_DIMS, type Dict, type Segment, type VisitDim } from './store.ts';

export const OPERATORS = ['is', 'is_not', 'contains', 'matches'] as const;
export type Operator = (typeof OPERATORS)[number];
export const FILTER_DIMENSIONS = [
  'event:page', 'event:name', ...VISIT_DIMS.map((d) => `visit:${d}`), 'event:props:<key>',
] as const;

export interface Filter {
  op: Operator;
  dimension: string;
  values: string[];
  caseSensitive: boolean;
}

export const LIMITS = { filters: 20, values: 100, valueLength: 1000, patternLength: 500 };

function bad(message: string): ApiError {
  return new ApiError('invalid_request', message, { code: 'bad_request', param: 'filters' });
}

function isDimension(d: string): boolean {
  return d === 'event:page' || d === 'event:name' || (d.startsWith('visit:') && (VISIT_DIMS as readonly string[]).includes(d.slice(6)))
    || (d.startsWith('event:props:') && d.length > 12 && d.length <= 112);
}

/** `filters`: a JSON array of [operator, dimension, values] (Plausible API v2), combined with AND. */
export function parseFilters(raw: string | undefined): Filter[] {
  if (raw === undefined || raw === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw bad('filters must be a JSON array such as [["is","visit:country",["DE"]]].');
  }
  if (!Array.isArray(parsed)) throw bad('filters must be a JSON array of [operator, dimension, values] triples.');
  if (parsed.length > LIMITS.filters) throw bad(`At most ${LIMITS.filters} filters.`);
  return parsed.map((f, i) => {
    if (!Array.isArray(f) || f.length < 3 || f.length > 4) throw bad(`filters[${i}] must be [operator, dimension, values] (optionally with {"case_sensitive": false}).`);
    const [op, dimension, values, modifiers] = f as [unknown, unknown, unknown, unknown];
    if (!OPERATORS.includes(op as Operator)) throw bad(`filters[${i}]: the operator must be one of ${OPERATORS.join(', ')}.`);
    if (typeof dimension !== 'string' || !isDimension(dimension)) {
      throw bad(`filters[${i}]: unknown dimension ${JSON.stringify(dimension)}; use event:page, event:name, event:props:<key> or visit:${VISIT_DIMS.join(', visit:')}.`);
    }
    if (!Array.isArray(values) || values.length === 0 || values.length > LIMITS.values || values.some((v) => typeof v !== 'string' && typeof v !== 'number')) {
      throw bad(`filters[${i}]: values must be a list of 1 to ${LIMITS.values} strings.`);
    }
    const strings = values.map(String);
    const max = op === 'matches' ? LIMITS.patternLength : LIMITS.valueLength;
    if (strings.some((v) => v.length > max)) throw bad(`filters[${i}]: each ${op === 'matches' ? 'regular expression' : 'value'} is at most ${max} characters.`);
    if (modifiers !== undefined && (typeof modifiers !== 'object' || modifiers === null || Object.keys(modifiers).some((k) => k !== 'case_sensitive'))) {
      throw bad(`filters[${i}]: the only modifier is {"case_sensitive": false}.`);
    }
    const caseSensitive = (modifiers as { case_sensitive?: unknown } | undefined)?.case_sensitive !== false;
    return { op: op as Operator, dimension, values: strings, caseSensitive };
  });
}

/** Display value of a code for a dimension, as filters and breakdowns see it. */
export function labelOf(dict: Dict, code: number): string | null {
  return dict.values[code] ?? null;
}

const NONE = '(none)';

/** Which codes of a dictionary satisfy a filter: one byte per code. */
async function matchTable(db: Knex, dict: Dict, f: Filter, alias?: (v: string) => string[]): Promise<Uint8Array> {
  const n = dict.size;
  const ok = new Uint8Array(n);
  const norm = (v: string) => (f.caseSensitive ? v : v.toLowerCase());
  if (f.op === 'matches') {
    const values = dict.values.slice(1) as string[];
    const hits = await matchValues(db, values, f.values, f.caseSensitive).catch((err: { code?: string; message?: string }) => {
      if (err.code === '2201B') throw bad(`Invalid regular expression: ${err.message?.replace(/^.*invalid regular expression: /i, '')}`);
      if (err.code === '57014') throw bad('The regular expression took too long to evaluate; simplify it.');
      throw err;
    });
    for (const i of hits) ok[i] = 1;
    return ok;
  }
  const wanted = f.values.map(norm);
  const wantNone = f.values.includes(NONE);
  for (let c = 0; c < n; c++) {
    const v = dict.values[c];
    let hit: boolean;
    if (v === null || v === undefined) {
      hit = wantNone;
    } else {
      const candidates = (alias ? alias(v) : [v]).map(norm);
      hit = f.op === 'contains'
        ? candidates.some((x) => wanted.some((w) => x.includes(w)))
        : candidates.some((x) => wanted.includes(x));
    }
    ok[c] = f.op === 'is_not' ? (hit ? 0 : 1) : hit ? 1 : 0;
  }
  return ok;
}

function aliasFor(dim: VisitDim): ((v: string) => string[]) | undefined {
  if (dim === 'source') return (v) => [v, describeSource(v).label];
  if (dim === 'region') return (v) => [v, regionNames.get(v) ?? v];
  return undefined;
}

export interface Compiled {
  /** Session-level test over the visit filters; null when there are none. */
  visit: ((seg: Segment, i: number) => boolean) | null;
  /** Event-level test; every event filter must hold for the same event. Null when none. */
  event: ((seg: Segment, j: number) => boolean) | null;
}

/** Turns filters into per-code tables, so testing a row is one array read per filter. */
export async function compileFilters(db: Knex, filters: Filter[]): Promise<Compiled> {
  const visitTests: ((seg: Segment, i: number) => boolean)[] = [];
  const eventTests: ((seg: Segment, j: number) => boolean)[] = [];
  for (const f of filters) {
    if (f.dimension.startsWith('visit:')) {
      const dim = f.dimension.slice(6) as VisitDim;
      const ok = await matchTable(db, dictOf(dim), f, aliasFor(dim));
      visitTests.push((seg, i) => ok[seg.dims[dim][i]!] === 1);
    } else if (f.dimension === 'event:page') {
      const ok = await matchTable(db, dicts.page, f);
      eventTests.push((seg, j) => ok[seg.evPath[j]!] === 1);
    } else if (f.dimension === 'event:name') {
      const ok = await matchTable(db, dicts.name, f);
      eventTests.push((seg, j) => ok[seg.evName[j]!] === 1);
    } else {
      const key = dicts.propKey.find(f.dimension.slice(12));
      const ok = await matchTable(db, dicts.propValue, f);
      // An event without the property has the value "(none)".
      const none = f.op === 'is_not' ? !f.values.includes(NONE) : f.values.includes(NONE) && f.op === 'is';
      eventTests.push((seg, j) => {
        if (key !== undefined) {
          for (let p = seg.propOff[j]!; p < seg.propOff[j + 1]!; p++) if (seg.propKey[p] === key) return ok[seg.propVal[p]!] === 1;
        }
        return none;
      });
    }
  }
  const all = <T extends unknown[]>(tests: ((...a: T) => boolean)[]) =>
    tests.length === 0 ? null : tests.length === 1 ? tests[0]! : (...a: T) => tests.every((t) => t(...a));
  return { visit: all(visitTests), event: all(eventTests) };
}

/** A goal: a custom event by name, or pageviews whose path matches a pattern (`*` within a segment, `**` across). */
export interface GoalSpec {
  event?: string;
  page?: string;
}

export function wildcardToRegExp(pattern: string): RegExp {
  const body = pattern.split(/(\*\*|\*)/).map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${body}$`);
}

/** An event-level test for a goal. */
export function compileGoal(goal: GoalSpec): (seg: Segment, j: number) => boolean {
  if (goal.event !== undefined) {
    const code = dicts.name.find(goal.event);
    if (code === undefined || code === 0) return () => false;
    return (seg, j) => seg.evName[j] === code;
  }
  const re = wildcardToRegExp(goal.page ?? '');
  const cache = new Map<number, boolean>();
  return (seg, j) => {
    if (seg.evName[j] !== 0) return false;
    const c = seg.evPath[j]!;
    let hit = cache.get(c);
    if (hit === undefined) {
      hit = re.test(dicts.page.values[c] ?? '');
      cache.set(c, hit);
    }
    return hit;
  };
}
