import { dicts, dictOf, regionNames, type Dict, type VisitDim } from './dicts.ts';

/**
 * Tallies as PostgreSQL keeps them (analytics_stored_tallies), and back. Dictionary
 * codes belong to the process that made them, so a tally's codes are written as the
 * values they stand for and read back as this process's codes (the values a process
 * has not seen yet are added to its dictionaries). Which dictionary a tally's codes
 * index follows from its aggregation key (see the aggregations in stats.ts).
 */

interface Encoded {
  /** A plain array of figures (headline, segments, funnel). */
  a?: number[];
  /** 15-minute slots. */
  s?: { base: number; v: number[]; b: number[]; d: number[]; p: number[] };
  /** Coded tallies: the values (or raw codes when the key has no dictionary), then one column per figure. */
  v?: (string | number | null)[];
  c?: number[][];
  /** Companion pairs: [value index, [[companion value, sessions]...]]. */
  p?: [number, [string | null, number][]][] | null;
  /** Revenue: [value index, [[currency, total, count]...]]. */
  r?: [number, [string | null, number, number][]][];
  /** Region names by code, for the regions' breakdown. */
  n?: Record<string, string>;
}

interface CodedLike {
  cols: ArrayLike<number>[];
  codes?: Uint32Array;
  pairs?: Map<number, Map<number, number>> | null;
  revenue?: Map<number, Map<number, [number, number]>>;
}
interface SlotsLike {
  base: number;
  visitors: Float64Array;
  bounces: Float64Array;
  duration: Float64Array;
  pageviews: Float64Array;
}

/** The dictionary a key's codes index and its companion's (null: raw codes, as a goal's single code 0). */
function dictsOf(key: string): { dict: Dict | null; companion: Dict | null } {
  if (key.startsWith('visit:')) {
    const [, dim, companion] = key.split(':');
    return { dict: dictOf(dim as VisitDim), companion: companion ? dictOf(companion as VisitDim) : null };
  }
  if (key === 'pages') return { dict: dicts.page, companion: null };
  if (key === 'names') return { dict: dicts.name, companion: null };
  if (key.startsWith('prop:')) return { dict: dicts.propValue, companion: null };
  return { dict: null, companion: null };
}

/** JSON text of a kept (packed) tally under its aggregation key. */
export function encodeTally(key: string, t: unknown): string {
  if (t instanceof Float64Array) return JSON.stringify({ a: Array.from(t) } satisfies Encoded);
  if ((t as SlotsLike).base !== undefined && (t as SlotsLike).visitors) {
    const s = t as SlotsLike;
    return JSON.stringify({ s: { base: s.base, v: Array.from(s.visitors), b: Array.from(s.bounces), d: Array.from(s.duration), p: Array.from(s.pageviews) } } satisfies Encoded);
  }
  const c = t as CodedLike;
  const { dict, companion } = dictsOf(key);
  const codes = c.codes ?? Uint32Array.from(c.cols[0]!, (_, i) => i);
  const index = new Map<number, number>();
  const out: Encoded = { v: [], c: c.cols.map((col) => Array.from(col)) };
  codes.forEach((code, k) => {
    index.set(code, k);
    out.v!.push(dict ? (dict.values[code] ?? null) : code);
  });
  if (c.pairs) out.p = [...c.pairs].map(([code, m]) => [index.get(code)!, [...m].map(([k, n]) => [companion!.values[k] ?? null, n] as [string | null, number])]);
  else if (c.pairs === null) out.p = null;
  if (c.revenue) out.r = [...c.revenue].map(([code, m]) => [index.get(code)!, [...m].map(([cur, [total, n]]) => [dicts.currency.values[cur] ?? null, total, n] as [string | null, number, number])]);
  if (dict === dicts.region) {
    out.n = {};
    for (const v of out.v!) if (typeof v === 'string' && regionNames.has(v)) out.n[v] = regionNames.get(v)!;
  }
  return JSON.stringify(out);
}

/** A stored tally as this process's kept form, its codes in this process's dictionaries. */
export function decodeTally(key: string, data: unknown): unknown {
  const e = (typeof data === 'string' ? JSON.parse(data) : data) as Encoded;
  if (e.a) return Float64Array.from(e.a);
  if (e.s) return { base: e.s.base, visitors: Float64Array.from(e.s.v), bounces: Float64Array.from(e.s.b), duration: Float64Array.from(e.s.d), pageviews: Float64Array.from(e.s.p) };
  const { dict, companion } = dictsOf(key);
  // A property's values are found by its key's code: the key must be known here too.
  if (key.startsWith('prop:')) dicts.propKey.code(key.slice(5));
  if (e.n) for (const [code, name] of Object.entries(e.n)) if (!regionNames.has(code)) regionNames.set(code, name);
  const codes = Uint32Array.from(e.v!, (v) => (dict ? dict.code(v as string | null) : (v as number)));
  const out: CodedLike = { cols: e.c!.map((col) => Float64Array.from(col)), codes };
  if (e.p !== undefined) out.pairs = e.p === null ? null : new Map(e.p.map(([k, m]) => [codes[k]!, new Map(m.map(([v, n]) => [companion!.code(v), n]))]));
  if (e.r) out.revenue = new Map(e.r.map(([k, m]) => [codes[k]!, new Map(m.map(([cur, total, n]) => [dicts.currency.code(cur), [total, n] as [number, number]]))]));
  else if (key === 'names' || key.startsWith('prop:') || key.startsWith('goal:')) out.revenue = new Map();
  return out;
}

/** Bytes a kept tally holds: its typed arrays, and an estimate for its maps' entries. */
export function tallyBytes(t: unknown): number {
  const ENTRY = 64;
  if (ArrayBuffer.isView(t)) return t.byteLength + 64;
  const s = t as SlotsLike;
  if (s.visitors && s.base !== undefined) return s.visitors.byteLength * 4 + 200;
  const c = t as CodedLike;
  let n = 100 + (c.codes?.byteLength ?? 0);
  for (const col of c.cols ?? []) n += (col as Float64Array).byteLength ?? 0;
  if (c.pairs) for (const m of c.pairs.values()) n += ENTRY * (m.size + 1);
  if (c.revenue) for (const m of c.revenue.values()) n += ENTRY * (m.size + 1);
  return n;
}
