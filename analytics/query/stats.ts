import type { Knex } from 'knex';
import { BOT, INTERNAL, VPN, dicts, dictOf, regionNames, sessionId, type Segment, type SegmentStore, type VisitDim } from './store.ts';
import { compileFilters, compileGoal, type Compiled, type Filter, type GoalSpec } from './filters.ts';
import { OffsetTable, type Period } from './period.ts';
import { describeSource } from '../sources.ts';

/** One stats question: a project, a period in a time zone, the traffic toggles and the filters. */
export interface StatsQuery {
  projectId: string;
  period: Period;
  includeBots: boolean;
  includeInternal: boolean;
  filters: Filter[];
}

/** A query with its segments loaded and its filters compiled: what every aggregation reads. */
export interface Run {
  q: StatsQuery;
  segs: Segment[];
  from: number;
  to: number;
  /** Session classes left out (BOT, INTERNAL bits). */
  excluded: number;
  f: Compiled;
  /** Walk the segments once per aggregation instead of sharing one pass (the reference the shared pass is tested and measured against). */
  perAggregation?: boolean;
}

export async function prepare(db: Knex, store: SegmentStore, q: StatsQuery, opts: { perAggregation?: boolean } = {}): Promise<Run> {
  // Filters are compiled against the dictionaries once the segments are in, so every
  // value the segments hold has its code.
  const segs = await store.segments(q.projectId, q.period.from, q.period.to);
  const f = await compileFilters(db, q.filters);
  return { q, segs, from: q.period.from, to: q.period.to, excluded: (q.includeBots ? 0 : BOT) | (q.includeInternal ? 0 : INTERNAL), f, perAggregation: opts.perAggregation };
}

type SessionFn = (seg: Segment, i: number, pageviews: number, events: number) => void;
type EventFn = (seg: Segment, j: number, i: number) => void;

/**
 * The one loop every number comes from. A session counts when it started in the
 * period, is of an included class, passes the visit filters and (with event
 * filters) has an event in the period that passes all of them. An event counts
 * when it is in the period, passes the event filters and its session passes the
 * class and visit rules (its session may have started before the period).
 * `active` instead counts sessions with any event in the period (the sessions list).
 */
function walk(run: Run, onSession: SessionFn | null, onEvent: EventFn | null, opts: { ignoreClass?: boolean; active?: boolean } = {}): void {
  if (!run.perAggregation && !opts.ignoreClass && !opts.active) {
    // A question answered by one aggregation walks once; keeping a selection only pays from the second.
    const walks = (walked.get(run) ?? 0) + 1;
    walked.set(run, walks);
    if (walks > 1) {
      replay(selectionOf(run), onSession, onEvent);
      return;
    }
  }
  scan(run, onSession, onEvent, opts);
}

/**
 * What the walk decides for a run, kept so every aggregation of a request reads it
 * instead of deciding again: the counted sessions (with their counted page views and
 * events) and the counted events with their session, each in walk order. Deciding
 * (class, visit and event filters, the period, per event) is most of a walk's cost;
 * the dashboard call runs about thirty aggregations over one run.
 */
interface Selection {
  segs: Segment[];
  /** Counted sessions: segment index, session index, page views, custom events. */
  sSeg: Uint32Array;
  sI: Uint32Array;
  sPv: Uint32Array;
  sEv: Uint32Array;
  sessions: number;
  /** Counted events: segment index, event index, session index. */
  eSeg: Uint32Array;
  eJ: Uint32Array;
  eI: Uint32Array;
  events: number;
}

const selections = new WeakMap<Run, Selection>();
const walked = new WeakMap<Run, number>();

function selectionOf(run: Run): Selection {
  let sel = selections.get(run);
  if (sel) return sel;
  let sessions = 0;
  let events = 0;
  for (const seg of run.segs) {
    sessions += seg.n;
    events += seg.evOff[seg.n]!;
  }
  const segIndex = new Map(run.segs.map((seg, k) => [seg, k]));
  sel = {
    segs: run.segs,
    sSeg: new Uint32Array(sessions), sI: new Uint32Array(sessions), sPv: new Uint32Array(sessions), sEv: new Uint32Array(sessions), sessions: 0,
    eSeg: new Uint32Array(events), eJ: new Uint32Array(events), eI: new Uint32Array(events), events: 0,
  };
  const s = sel;
  const { to, f } = run;
  let last: Segment | null = null;
  let lastK = 0;
  const indexOf = (seg: Segment) => (seg === last ? lastK : ((last = seg), (lastK = segIndex.get(seg)!)));
  scan(run, (seg, i, pv, ev) => {
    const k = s.sessions++;
    s.sSeg[k] = indexOf(seg);
    s.sI[k] = i;
    // A session-only walk gives a session wholly inside the period its kept counts.
    const whole = f.event === null && seg.end[i]! < to;
    s.sPv[k] = whole ? seg.pv[i]! : pv;
    s.sEv[k] = whole ? seg.ce[i]! : ev;
  }, (seg, j, i) => {
    const k = s.events++;
    s.eSeg[k] = indexOf(seg);
    s.eJ[k] = j;
    s.eI[k] = i;
  });
  selections.set(run, sel);
  return sel;
}

/**
 * The walk's callbacks from a selection. Sessions are replayed before events rather
 * than interleaved: no aggregation relates one session's callback to its events'
 * (each keeps separate tallies), and each sequence keeps the walk's order.
 */
function replay(sel: Selection, onSession: SessionFn | null, onEvent: EventFn | null): void {
  const { segs } = sel;
  if (onSession) {
    for (let k = 0; k < sel.sessions; k++) onSession(segs[sel.sSeg[k]!]!, sel.sI[k]!, sel.sPv[k]!, sel.sEv[k]!);
  }
  if (onEvent) {
    for (let k = 0; k < sel.events; k++) onEvent(segs[sel.eSeg[k]!]!, sel.eJ[k]!, sel.eI[k]!);
  }
}

function scan(run: Run, onSession: SessionFn | null, onEvent: EventFn | null, opts: { ignoreClass?: boolean; active?: boolean } = {}): void {
  const { from, to, f } = run;
  const excluded = opts.ignoreClass ? 0 : run.excluded;
  const needEvents = onEvent !== null || f.event !== null || onSession !== null;
  for (const seg of run.segs) {
    const { n, start, cls, evOff, evAt, evName } = seg;
    for (let i = 0; i < n; i++) {
      if (cls[i]! & excluded) continue;
      if (f.visit && !f.visit(seg, i)) continue;
      // Counting sessions only, with no event filter: a session wholly inside the period
      // needs none of its events (its counts are kept), one started outside it is not counted.
      if (onEvent === null && f.event === null && !opts.active) {
        if (start[i]! < from || start[i]! >= to) continue;
        if (seg.end[i]! < to) {
          if (onSession) onSession(seg, i, seg.pv[i]!, seg.ce[i]!);
          continue;
        }
      }
      let hit = false;
      let pv = 0;
      let ev = 0;
      if (needEvents) {
        for (let j = evOff[i]!, end = evOff[i + 1]!; j < end; j++) {
          const at = evAt[j]!;
          if (at < from || at >= to) continue;
          if (f.event && !f.event(seg, j)) continue;
          hit = true;
          if (evName[j] === 0) pv++;
          else ev++;
          if (onEvent) onEvent(seg, j, i);
        }
      }
      if (!onSession) continue;
      const counted = opts.active ? hit || (f.event === null && seg.end[i]! >= from && start[i]! < to) : start[i]! >= from && start[i]! < to && (f.event === null || hit);
      if (counted) onSession(seg, i, pv, ev);
    }
  }
}

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;
const rate = (part: number, whole: number) => (whole ? round(part / whole, 4) : 0);

interface SessionTotals {
  visitors: number;
  bounces: number;
  durationMs: number;
}

function sessionStats(seg: Segment, i: number, t: SessionTotals): void {
  t.visitors++;
  const total = seg.evOff[i + 1]! - seg.evOff[i]!;
  if (total <= 1) t.bounces++;
  t.durationMs += seg.end[i]! - seg.start[i]!;
}

export interface Headline {
  visitors: number;
  pageviews: number;
  events: number;
  bounceRate: number;
  avgVisitDurationSeconds: number;
  viewsPerVisit: number;
}

function headline(t: SessionTotals, pageviews: number, events: number): Headline {
  return {
    visitors: t.visitors,
    pageviews,
    events,
    bounceRate: rate(t.bounces, t.visitors),
    avgVisitDurationSeconds: t.visitors ? round(t.durationMs / t.visitors / 1000, 1) : 0,
    viewsPerVisit: t.visitors ? round(pageviews / t.visitors, 2) : 0,
  };
}

export function overview(run: Run): Headline & { segments: { humans: number; bots: number; vpn: number; internal: number } } {
  const t: SessionTotals = { visitors: 0, bounces: 0, durationMs: 0 };
  let pageviews = 0;
  let events = 0;
  walk(run, (seg, i) => sessionStats(seg, i, t), (seg, j) => (seg.evName[j] === 0 ? pageviews++ : events++));
  // Segments describe all traffic of the period (toggles ignored), filters still apply.
  const segments = { humans: 0, bots: 0, vpn: 0, internal: 0 };
  walk(run, (seg, i) => {
    const c = seg.cls[i]!;
    if (c & BOT) segments.bots++;
    else if (c & INTERNAL) segments.internal++;
    else if (c & VPN) segments.vpn++;
    else segments.humans++;
  }, null, { ignoreClass: true });
  return { ...headline(t, pageviews, events), segments };
}

export interface Point {
  t: string;
  date: string;
  visitors: number;
  pageviews: number;
  bounceRate: number;
  avgVisitDurationSeconds: number;
}

/** Buckets of local hours or days in the query's time zone, oldest first, empty ones as zeros. */
export function timeseries(run: Run, interval: 'hour' | 'day'): Point[] {
  const { from, to } = run;
  const offsets = new OffsetTable(run.q.period.timeZone, from, to);
  const size = interval === 'hour' ? 3600_000 : 86400_000;
  const first = Math.floor((from + offsets.offset(from)) / size);
  const last = Math.floor((to - 1 + offsets.offset(to - 1)) / size);
  const n = Math.max(0, last - first + 1);
  const visitors = new Float64Array(n);
  const bounces = new Float64Array(n);
  const duration = new Float64Array(n);
  const pageviews = new Float64Array(n);
  const bucket = (t: number) => Math.floor((t + offsets.offset(t)) / size) - first;
  walk(run, (seg, i) => {
    const b = bucket(seg.start[i]!);
    if (b < 0 || b >= n) return;
    visitors[b]!++;
    if (seg.evOff[i + 1]! - seg.evOff[i]! <= 1) bounces[b]!++;
    duration[b]! += seg.end[i]! - seg.start[i]!;
  }, (seg, j) => {
    if (seg.evName[j] !== 0) return;
    const b = bucket(seg.evAt[j]!);
    if (b >= 0 && b < n) pageviews[b]!++;
  });
  const points: Point[] = [];
  for (let b = 0; b < n; b++) {
    const localStart = (first + b) * size;
    // The instant the local bucket starts (the offset of the local moment itself).
    let t = localStart - offsets.offset(localStart);
    t = localStart - offsets.offset(t);
    const iso = new Date(localStart).toISOString();
    points.push({
      t: new Date(t).toISOString(),
      date: interval === 'day' ? iso.slice(0, 10) : iso.slice(0, 16),
      visitors: visitors[b]!,
      pageviews: pageviews[b]!,
      bounceRate: rate(bounces[b]!, visitors[b]!),
      avgVisitDurationSeconds: visitors[b] ? round(duration[b]! / visitors[b]! / 1000, 1) : 0,
    });
  }
  return points;
}

export interface BreakdownRow {
  value: string | null;
  /** With `dominant`: that dimension's most frequent value among the row's sessions. */
  dominant?: string | null;
  visitors: number;
  pageviews: number;
  bounceRate: number;
  avgVisitDurationSeconds: number;
}

/** Sessions grouped by one visit dimension, most visitors first (ties by value). */
export function breakdownVisit(run: Run, dim: VisitDim, limit: number, opts: { skipNull?: boolean; dominant?: VisitDim } = {}): BreakdownRow[] {
  const size = dictOf(dim).size;
  const visitors = new Uint32Array(size);
  const bounces = new Uint32Array(size);
  const duration = new Float64Array(size);
  const pageviews = new Uint32Array(size);
  const companion = opts.dominant;
  const pairs = new Map<number, Map<number, number>>();
  walk(run, (seg, i, pv) => {
    const c = seg.dims[dim][i]!;
    if (companion) {
      let m = pairs.get(c);
      if (!m) pairs.set(c, (m = new Map()));
      const k = seg.dims[companion][i]!;
      m.set(k, (m.get(k) ?? 0) + 1);
    }
    visitors[c]!++;
    pageviews[c]! += pv;
    if (seg.evOff[i + 1]! - seg.evOff[i]! <= 1) bounces[c]!++;
    duration[c]! += seg.end[i]! - seg.start[i]!;
  }, null);
  const dict = dictOf(dim);
  const rows: BreakdownRow[] = [];
  for (let c = opts.skipNull ? 1 : 0; c < size; c++) {
    if (!visitors[c]) continue;
    let dominant: string | null | undefined;
    if (companion) {
      let best = -1;
      for (const [k, n] of pairs.get(c) ?? []) if (n > best) [best, dominant] = [n, dictOf(companion).values[k] ?? null];
    }
    rows.push({
      value: dict.values[c] ?? null,
      ...(companion ? { dominant: dominant ?? null } : {}),
      visitors: visitors[c]!,
      pageviews: pageviews[c]!,
      bounceRate: rate(bounces[c]!, visitors[c]!),
      avgVisitDurationSeconds: round(duration[c]! / visitors[c]! / 1000, 1),
    });
  }
  return top(rows, limit, (r) => r.visitors);
}

function top<T>(rows: T[], limit: number, key: (r: T) => number, name: (r: T) => string | null = (r) => (r as { value?: string | null }).value ?? null): T[] {
  rows.sort((a, b) => key(b) - key(a) || ((name(a) ?? '\uffff') < (name(b) ?? '\uffff') ? -1 : (name(a) ?? '\uffff') > (name(b) ?? '\uffff') ? 1 : 0));
  return rows.slice(0, limit);
}

/** Pages by pageviews; visitors are the distinct sessions that viewed the page in the period. */
export function pages(run: Run, limit: number): { path: string; pageviews: number; visitors: number }[] {
  const size = dicts.page.size;
  const pv = new Uint32Array(size);
  const visitors = new Uint32Array(size);
  const lastSession = new Float64Array(size).fill(-1);
  let token = 0;
  let prev: Segment | null = null;
  let prevI = -1;
  walk(run, null, (seg, j, i) => {
    if (seg.evName[j] !== 0) return;
    if (seg !== prev || i !== prevI) {
      token++;
      prev = seg;
      prevI = i;
    }
    const c = seg.evPath[j]!;
    pv[c]!++;
    if (lastSession[c] !== token) {
      lastSession[c] = token;
      visitors[c]!++;
    }
  });
  const rows: { path: string; pageviews: number; visitors: number }[] = [];
  for (let c = 1; c < size; c++) if (pv[c]) rows.push({ path: dicts.page.values[c]!, pageviews: pv[c]!, visitors: visitors[c]! });
  return top(rows, limit, (r) => r.pageviews, (r) => r.path);
}

/** Distinct sessions and events per value of an event-level key (custom event name, or a property). */
function eventBreakdown(run: Run, keyOf: (seg: Segment, j: number) => number, size: number) {
  const events = new Uint32Array(size);
  const visitors = new Uint32Array(size);
  const lastSession = new Float64Array(size).fill(-1);
  const revenue = new Map<number, Map<number, [number, number]>>();
  let token = 0;
  let prev: Segment | null = null;
  let prevI = -1;
  walk(run, null, (seg, j, i) => {
    const c = keyOf(seg, j);
    if (c < 0) return;
    if (seg !== prev || i !== prevI) {
      token++;
      prev = seg;
      prevI = i;
    }
    events[c]!++;
    if (lastSession[c] !== token) {
      lastSession[c] = token;
      visitors[c]!++;
    }
    const amount = seg.revAmount?.[j];
    if (amount !== undefined && !Number.isNaN(amount)) {
      let byCurrency = revenue.get(c);
      if (!byCurrency) revenue.set(c, (byCurrency = new Map()));
      const cur = seg.revCurrency![j]!;
      const sum = byCurrency.get(cur) ?? [0, 0];
      byCurrency.set(cur, [sum[0] + amount, sum[1] + 1]);
    }
  });
  return { events, visitors, revenue };
}

export interface Revenue {
  currency: string | null;
  total: number;
  average: number;
}

function revenueList(byCurrency: Map<number, [number, number]> | undefined): Revenue[] {
  if (!byCurrency) return [];
  return [...byCurrency].map(([c, [total, n]]) => ({ currency: dicts.currency.values[c] ?? null, total: round(total, 2), average: round(total / n, 2) }))
    .sort((a, b) => b.total - a.total);
}

export function customEvents(run: Run, limit: number): { name: string; events: number; visitors: number; revenue: Revenue[] }[] {
  const { events, visitors, revenue } = eventBreakdown(run, (seg, j) => (seg.evName[j] === 0 ? -1 : seg.evName[j]!), dicts.name.size);
  const rows = [];
  for (let c = 1; c < events.length; c++) {
    if (events[c]) rows.push({ name: dicts.name.values[c]!, events: events[c]!, visitors: visitors[c]!, revenue: revenueList(revenue.get(c)) });
  }
  return top(rows, limit, (r) => r.events, (r) => r.name);
}

/** Values of one custom property over the events that carry it (filter event:name to pick an event). */
export function props(run: Run, property: string, limit: number): { value: string; events: number; visitors: number }[] {
  const key = dicts.propKey.find(property);
  if (key === undefined) return [];
  const { events, visitors } = eventBreakdown(run, (seg, j) => {
    for (let p = seg.propOff[j]!; p < seg.propOff[j + 1]!; p++) if (seg.propKey[p] === key) return seg.propVal[p]!;
    return -1;
  }, dicts.propValue.size);
  const rows = [];
  for (let c = 1; c < events.length; c++) if (events[c]) rows.push({ value: dicts.propValue.values[c]!, events: events[c]!, visitors: visitors[c]! });
  return top(rows, limit, (r) => r.visitors, (r) => r.value);
}

export function countVisitors(run: Run): number {
  let n = 0;
  walk(run, () => n++, null);
  return n;
}

export interface GoalResult {
  visitors: number;
  events: number;
  conversionRate: number;
  revenue: Revenue[];
}

/** Each goal's converting sessions (with a matching event in the period) and events, over the filtered visitors. */
export function goals(run: Run, specs: GoalSpec[]): { totalVisitors: number; results: GoalResult[] } {
  const totalVisitors = countVisitors(run);
  const results = specs.map((spec) => {
    const test = compileGoal(spec);
    const { events, visitors, revenue } = eventBreakdown(run, (seg, j) => (test(seg, j) ? 0 : -1), 1);
    return { visitors: visitors[0]!, events: events[0]!, conversionRate: rate(visitors[0]!, totalVisitors), revenue: revenueList(revenue.get(0)) };
  });
  return { totalVisitors, results };
}

export interface FunnelStep {
  visitors: number;
  conversionRate: number;
  conversionRateStep: number;
  dropoff: number;
  dropoffRate: number;
}

/**
 * Sessions started in the period (visit filters and toggles apply) that completed
 * the steps in order: step k counts the sessions whose events, oldest first, match
 * steps 1..k in that order (other events may come between).
 */
export function funnel(run: Run, steps: GoalSpec[]): { visitors: number; steps: FunnelStep[] } {
  const tests = steps.map(compileGoal);
  const reached = new Uint32Array(steps.length);
  const plain: Run = { ...run, f: { visit: run.f.visit, event: null } };
  let visitors = 0;
  walk(plain, (seg, i) => {
    visitors++;
    let k = 0;
    for (let j = seg.evOff[i]!, end = seg.evOff[i + 1]!; j < end && k < tests.length; j++) {
      if (seg.evAt[j]! >= run.to) break;
      if (tests[k]!(seg, j)) reached[k++]!++;
    }
  }, null);
  const first = reached[0] ?? 0;
  return {
    visitors,
    steps: steps.map((_, k) => {
      const here = reached[k]!;
      const before = k === 0 ? visitors : reached[k - 1]!;
      return {
        visitors: here,
        conversionRate: rate(here, first),
        conversionRateStep: rate(here, before),
        dropoff: before - here,
        dropoffRate: rate(before - here, before),
      };
    }),
  };
}

export interface SessionRef {
  id: string;
  lastSeen: number;
}

/** Sessions with an event in the period that pass the rules, most recently active first. */
export function sessionsPage(run: Run, limit: number, offset: number): { ids: string[]; hasMore: boolean } {
  const all: { seg: Segment; i: number; last: number }[] = [];
  walk(run, (seg, i) => all.push({ seg, i, last: seg.end[i]! }), null, { active: true });
  all.sort((a, b) => b.last - a.last || (sessionId(a.seg, a.i) < sessionId(b.seg, b.i) ? -1 : 1));
  const page = all.slice(offset, offset + limit);
  return { ids: page.map((r) => sessionId(r.seg, r.i)), hasMore: all.length > offset + limit };
}

/** Display helpers for breakdown values. */
export function sourceEntry(value: string | null) {
  const d = describeSource(value);
  return { source: d.source, label: d.label };
}
export function regionName(code: string | null): string | null {
  return code ? (regionNames.get(code) ?? null) : null;
}
