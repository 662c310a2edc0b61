import type { Knex } from 'knex';
import { decodeTally, tallyBytes } from './storedTallies.ts';
import { BOT, INTERNAL, VPN, StoredText, dicts, dictOf, regionNames, sessionId, type Bucket, type Rollup, type Segment, type SegmentStore, type VisitDim } from './store.ts';
import type { SegmentVersion } from '../../db/analytics/listSegmentVersions.ts';
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
  /** Add imported data where it applies (analytics/imported.ts); the query functions here never read it. */
  withImported?: boolean;
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
  /** Where the day and hour rollups are kept; absent, every number comes from the walk (the raw path). */
  store?: SegmentStore;
  /** The interior's days and hours (bucketsOf). */
  days?: Map<number, Held>;
  hours?: Map<number, Held>;
  /** Days and hours answered from stored tallies alone: their segments are not in `segs`. */
  tallyOnly?: Held[];
  completing?: Promise<void>;
  /** Long stored tallies being read, by aggregation. */
  reading?: Map<string, Promise<void>>;
}

/** A day or hour whose tallies are kept, with the versions of its segments. */
interface Held extends Bucket {
  versions: SegmentVersion[];
}

/**
 * The period's interior, from the segment versions alone: each UTC day wholly inside
 * it whose sessions all ended in it, and each such hour of the days it cuts.
 */
function bucketsOf(versions: SegmentVersion[], from: number, to: number): { days: Map<number, Held>; hours: Map<number, Held> } {
  const byDay = new Map<number, SegmentVersion[]>();
  for (const v of versions) {
    const d = Math.floor(v.hour / DAY) * DAY;
    const list = byDay.get(d);
    if (list) list.push(v);
    else byDay.set(d, [v]);
  }
  const days = new Map<number, Held>();
  const hours = new Map<number, Held>();
  for (const [d, vs] of byDay) {
    if (d >= from && d + DAY <= to && vs.every((v) => v.lastSeen < to)) {
      days.set(d, { start: d, hours: 24, signature: vs.map((v) => `${v.hour}:${v.version}`).join(','), versions: vs });
      continue;
    }
    for (const v of vs) {
      if (v.hour >= from && v.hour + HOUR <= to && v.lastSeen < to) hours.set(v.hour, { start: v.hour, hours: 1, signature: `${v.hour}:${v.version}`, versions: [v] });
    }
  }
  return { days, hours };
}

/**
 * `stored`: an unfiltered question reads the stored tallies of the days and hours of
 * its interior whose segments this process does not hold, and loads no segment for
 * those; an aggregation whose tally none stored then raises TallyMissing, and
 * `answer` loads them and asks again. Without it every segment of the period is loaded
 * (the sessions list reads segments, not tallies).
 */
export async function prepare(db: Knex, store: SegmentStore, q: StatsQuery, opts: { perAggregation?: boolean; rollups?: boolean; stored?: boolean } = {}): Promise<Run> {
  const { from, to } = q.period;
  const rollups = !(opts.rollups === false || opts.perAggregation);
  const versions = await store.versions(q.projectId, from, to);
  const { days, hours } = bucketsOf(versions, from, to);
  let tallyOnly: Held[] = [];
  let segs: Segment[];
  if (rollups && opts.stored && q.filters.length === 0) {
    const missing = [...days.values(), ...hours.values()].filter((b) => !store.holds(q.projectId, b.versions));
    // The segments no day or hour holds (the period's edges) load while the stored tallies
    // are read; of the hours before the period only what reaches into it (their tails).
    const inBucket = new Set(missing.flatMap((b) => b.versions.map((v) => v.hour)));
    const [edges, found] = await Promise.all([
      store.segments(q.projectId, from, to, { versions, skip: (h) => inBucket.has(h), tail: from }),
      store.readStored(q.projectId, (q.includeBots ? 0 : BOT) | (q.includeInternal ? 0 : INTERNAL), missing),
    ]);
    tallyOnly = [...found] as Held[];
    const rest = missing.filter((b) => !found.has(b)).flatMap((b) => b.versions);
    segs = rest.length ? [...edges, ...await store.segments(q.projectId, from, to, { versions: rest })] : edges;
  } else {
    segs = await store.segments(q.projectId, from, to, { versions });
  }
  // Filters are compiled against the dictionaries once the segments are in, so every
  // value the segments hold has its code.
  const f = await compileFilters(db, q.filters);
  return {
    q, segs, from, to, excluded: (q.includeBots ? 0 : BOT) | (q.includeInternal ? 0 : INTERNAL), f,
    // The walk per aggregation is the reference: it never reads rollups.
    perAggregation: opts.perAggregation, store: rollups ? store : undefined, days, hours, tallyOnly,
  };
}

/** An aggregation needs a tally that the stored ones of a day or hour without segments lack. */
export class TallyMissing extends Error {}
/** An aggregation needs a stored tally whose text is still in PostgreSQL. */
class TallyUnread extends Error {
  readonly key: string;
  constructor(key: string) {
    super(key);
    this.key = key;
  }
}

/**
 * `build` over the run; when it needs the text of a long stored tally, that is read, and
 * when it needs a tally the stored ones lack, the run's missing segments are loaded
 * (each once, whatever the number of answers waiting), and it runs again.
 */
export async function answer<T>(run: Run, build: (run: Run) => T | Promise<T>): Promise<T> {
  const read = new Set<string>();
  for (;;) {
    try {
      return await build(run);
    } catch (err) {
      // A text read once and still missing (its rollup dropped meanwhile) is tallied from the segments.
      if (err instanceof TallyUnread && !read.has(err.key)) {
        read.add(err.key);
        await readText(run, err.key);
      } else if (err instanceof TallyMissing || err instanceof TallyUnread) {
        await complete(run);
      } else {
        throw err;
      }
    }
  }
}

/** One read per aggregation and run, whatever the number of answers waiting for it. */
function readText(run: Run, key: string): Promise<void> {
  run.reading ??= new Map();
  let p = run.reading.get(key);
  if (!p) {
    p = run.store!.readText(run.q.projectId, run.excluded, run.tallyOnly!, key);
    run.reading.set(key, p);
    // A failed read is not kept: the next answer asks again.
    p.catch(() => run.reading!.delete(key));
  }
  return p;
}

function complete(run: Run): Promise<void> {
  run.completing ??= (async () => {
    const versions = run.tallyOnly!.flatMap((b) => b.versions);
    const more = await run.store!.segments(run.q.projectId, run.from, run.to, { versions });
    run.segs = [...run.segs, ...more];
    run.tallyOnly = [];
    partsByRun.delete(run);
  })();
  return run.completing;
}

const HOUR = 3600_000;
const DAY = 86400_000;

/**
 * Rollups. A segment is *interior* to a period when all its sessions started in it and
 * all their events lie in it: then every number of a question over it (given its
 * traffic toggles and filters) is independent of the period, and since each session
 * and event belongs to exactly one segment, the figures of disjoint groups of
 * segments add up, distinct-session counts included. So an aggregation is tallied
 * once per interior UTC day (or per interior hour of a day the period cuts) and kept
 * with the day's segment versions; the walk covers only the rest (the hours at the
 * period's edges and earlier sessions reaching into it). A late or imported event
 * bumps its segment's version, which replaces the segment and with it the day's
 * tallies: the numbers stay exact. A filtered question's tallies are kept under its
 * filters, for the last few filter sets per day: the first question with new filters
 * walks the whole period once.
 */
interface Part {
  tallies: Map<string, unknown>;
  /** The part's segments as a run with no period bounds (they are wholly inside the question's). */
  run: Run;
  rollup: Rollup;
  bucket: Bucket;
  /** Tallies of an unfiltered question (the ones stored). */
  unfiltered: boolean;
  /** No segments: its tallies are the stored ones. */
  stored: boolean;
}

interface Parts {
  parts: Part[];
  /** What the walk still covers. */
  rest: Run;
}

/** Filter sets whose tallies a day keeps. */
const FILTER_SETS_KEPT = 8;
const partsByRun = new WeakMap<Run, Parts>();

/** The filters a run applies (a funnel drops the event filters), as a key; '' for none. */
function filterKey(run: Run): string {
  const kept = run.q.filters.filter((f) => (f.dimension.startsWith('visit:') ? run.f.visit !== null : run.f.event !== null));
  return kept.length ? JSON.stringify(kept.map((f) => [f.op, f.dimension, f.values, f.caseSensitive])) : '';
}

function talliesOf(rollup: Rollup, filters: string): Map<string, unknown> {
  if (!filters) return rollup.tallies;
  let t = rollup.filtered.get(filters);
  if (t) rollup.filtered.delete(filters);
  else t = new Map();
  rollup.filtered.set(filters, t);
  if (rollup.filtered.size > FILTER_SETS_KEPT) {
    const oldest = rollup.filtered.keys().next().value!;
    for (const dropped of rollup.filtered.get(oldest)!.values()) rollup.bytes -= tallyBytes(dropped);
    rollup.filtered.delete(oldest);
  }
  return t;
}

function partsOf(run: Run): Parts {
  let p = partsByRun.get(run);
  if (p) return p;
  const store = run.store;
  if (!store) {
    p = { parts: [], rest: run };
    partsByRun.set(run, p);
    return p;
  }
  const projectId = run.q.projectId;
  const filters = filterKey(run);
  const whole = (segs: Segment[]): Run => ({ q: run.q, segs, from: -Infinity, to: Infinity, excluded: run.excluded, f: run.f });
  const parts: Part[] = [];
  const part = (bucket: Bucket, segs: Segment[], stored: boolean) => {
    const rollup = store.rollup(projectId, bucket);
    parts.push({ tallies: talliesOf(rollup, filters), run: whole(segs), rollup, bucket, unfiltered: filters === '', stored });
  };
  for (const b of run.tallyOnly ?? []) part(b, [], true);
  const days = new Map<number, Segment[]>();
  for (const seg of run.segs) {
    const d = Math.floor(seg.hour / DAY) * DAY;
    const list = days.get(d);
    if (list) list.push(seg);
    else days.set(d, [seg]);
  }
  const rest: Segment[] = [];
  for (const [d, segs] of days) {
    const day = run.days?.get(d);
    if (day) {
      part(day, segs, false);
      continue;
    }
    for (const seg of segs) {
      const hour = run.hours?.get(seg.hour);
      if (hour) part(hour, [seg], false);
      else rest.push(seg);
    }
  }
  p = { parts, rest: { ...run, segs: rest } };
  partsByRun.set(run, p);
  return p;
}

/**
 * An aggregation's tallies over a run: each rollup part's (tallied by walking it the
 * first time, then kept, packed, and offered to the store to write), and the walk's
 * over the rest, unmerged.
 */
function tallies<T>(run: Run, key: string, make: (r: Run) => T, add: (r: Run, t: T) => void, pack: (t: T) => T = (t) => t): T[] {
  const { parts, rest } = partsOf(run);
  const out: T[] = [];
  const k = `${key}\u0000${run.excluded}`;
  for (const { tallies: kept, run: r, rollup, bucket, unfiltered, stored } of parts) {
    let t = kept.get(k) as T | StoredText | undefined;
    let replaced: StoredText | undefined;
    if (t instanceof StoredText) {
      replaced = t;
      if (t.text !== null) {
        t = decodeTally(key, t.text) as T;
        kept.set(k, t);
        run.store!.kept(rollup, t, replaced);
      } else if (stored) {
        throw new TallyUnread(key);
      } else {
        t = undefined;
      }
    }
    if (t === undefined) {
      if (stored) throw new TallyMissing(key);
      t = make(r);
      add(r, t);
      t = pack(t);
      kept.set(k, t);
      run.store!.kept(rollup, t, replaced);
      if (unfiltered) run.store!.remember(run.q.projectId, bucket, key, run.excluded, t);
    }
    out.push(t);
  }
  const t = make(rest);
  add(rest, t);
  out.push(t);
  return out;
}

/**
 * Figures per dictionary code: `cols[0]` decides which codes are present (non-zero).
 * Dense while tallied, packed to the present codes when kept in a rollup.
 */
interface Coded {
  cols: (Uint32Array | Float64Array)[];
  /** Present codes, when packed; else cols are indexed by code. */
  codes?: Uint32Array;
}

function packCoded<T extends Coded>(t: T): T {
  const [first] = t.cols;
  let n = 0;
  for (let c = 0; c < first!.length; c++) if (first![c]) n++;
  const codes = new Uint32Array(n);
  const cols = t.cols.map((col) => new (col.constructor as Float64ArrayConstructor)(n));
  let k = 0;
  for (let c = 0; c < first!.length; c++) {
    if (!first![c]) continue;
    codes[k] = c;
    for (let x = 0; x < cols.length; x++) cols[x]![k] = t.cols[x]![c]!;
    k++;
  }
  return { ...t, cols, codes };
}

/** Sums coded tallies into dense columns of `size` codes. */
function mergeCoded(parts: Coded[], size: number, width: number): Float64Array[] {
  const out = Array.from({ length: width }, () => new Float64Array(size));
  for (const t of parts) {
    const { cols, codes } = t;
    const n = codes ? codes.length : Math.min(size, cols[0]!.length);
    for (let x = 0; x < width; x++) {
      const from = cols[x]!;
      const into = out[x]!;
      if (codes) for (let k = 0; k < n; k++) into[codes[k]!]! += from[k]!;
      else for (let c = 0; c < n; c++) into[c]! += from[c]!;
    }
  }
  return out;
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
      // The sessions list needs no events without an event filter: a session of the period
      // (last seen after it starts, started before it ends) has its events in it.
      if (opts.active && onEvent === null && f.event === null) {
        if (seg.end[i]! >= from && start[i]! < to && onSession) onSession(seg, i, 0, 0);
        continue;
      }
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

/** Visitors, bounces, visit duration (ms), page views and custom events of the counted sessions and events. */
function headlineTallies(run: Run): Float64Array {
  const parts = tallies(run, 'headline', () => new Float64Array(5), (r, t) => walk(r, (seg, i) => {
    t[0]!++;
    if (seg.evOff[i + 1]! - seg.evOff[i]! <= 1) t[1]!++;
    t[2]! += seg.end[i]! - seg.start[i]!;
  }, (seg, j) => {
    if (seg.evName[j] === 0) t[3]!++;
    else t[4]!++;
  }));
  return sumArrays(parts, 5);
}

function sumArrays(parts: Float64Array[], n: number): Float64Array {
  const out = new Float64Array(n);
  for (const t of parts) for (let k = 0; k < n; k++) out[k]! += t[k]!;
  return out;
}

export interface Headline {
  visitors: number;
  pageviews: number;
  events: number;
  bounceRate: number;
  avgVisitDurationSeconds: number;
  viewsPerVisit: number;
}

export function overview(run: Run): Headline & { segments: { humans: number; bots: number; vpn: number; internal: number } } {
  const [visitors, bounces, durationMs, pageviews, events] = headlineTallies(run) as unknown as number[];
  // Segments describe all traffic of the period (toggles ignored), filters still apply.
  const s = sumArrays(tallies(run, 'segments', () => new Float64Array(4), (r, t) => walk(r, (seg, i) => {
    const c = seg.cls[i]!;
    t[c & BOT ? 1 : c & INTERNAL ? 3 : c & VPN ? 2 : 0]!++;
  }, null, { ignoreClass: true })), 4);
  return {
    visitors: visitors!,
    pageviews: pageviews!,
    events: events!,
    bounceRate: rate(bounces!, visitors!),
    avgVisitDurationSeconds: visitors ? round(durationMs! / visitors / 1000, 1) : 0,
    viewsPerVisit: visitors ? round(pageviews! / visitors, 2) : 0,
    segments: { humans: s[0]!, bots: s[1]!, vpn: s[2]!, internal: s[3]! },
  };
}

export interface Point {
  t: string;
  date: string;
  visitors: number;
  pageviews: number;
  bounceRate: number;
  avgVisitDurationSeconds: number;
}

const SLOT = 900_000;

/**
 * Per 15-minute UTC slot from `base`: sessions (visitors, bounces, duration) by their
 * start, page views by their time. Zones move only on quarter hours, so a slot falls
 * in one local hour or day whatever the zone: slots are what rollups keep.
 */
interface Slots {
  base: number;
  visitors: Float64Array;
  bounces: Float64Array;
  duration: Float64Array;
  pageviews: Float64Array;
}

function makeSlots(r: Run): Slots {
  let lo = Infinity;
  let hi = -Infinity;
  for (const seg of r.segs) {
    lo = Math.min(lo, seg.hour);
    hi = Math.max(hi, seg.reach, seg.hour);
  }
  const base = lo === Infinity ? 0 : lo;
  const n = lo === Infinity ? 0 : Math.floor((hi - base) / SLOT) + 1;
  return { base, visitors: new Float64Array(n), bounces: new Float64Array(n), duration: new Float64Array(n), pageviews: new Float64Array(n) };
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
  const parts = tallies(run, 'slots', makeSlots, (r, t) => walk(r, (seg, i) => {
    const s = Math.floor((seg.start[i]! - t.base) / SLOT);
    t.visitors[s]!++;
    if (seg.evOff[i + 1]! - seg.evOff[i]! <= 1) t.bounces[s]!++;
    t.duration[s]! += seg.end[i]! - seg.start[i]!;
  }, (seg, j) => {
    if (seg.evName[j] === 0) t.pageviews[Math.floor((seg.evAt[j]! - t.base) / SLOT)]!++;
  }));
  for (const t of parts) {
    for (let s = 0; s < t.visitors.length; s++) {
      if (!t.visitors[s] && !t.pageviews[s]) continue;
      const b = bucket(t.base + s * SLOT);
      if (b < 0 || b >= n) continue;
      visitors[b]! += t.visitors[s]!;
      bounces[b]! += t.bounces[s]!;
      duration[b]! += t.duration[s]!;
      pageviews[b]! += t.pageviews[s]!;
    }
  }
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

/** Visitors, bounces, duration and page views per code; with a companion dimension, sessions per (code, companion code). */
interface VisitTallies extends Coded {
  pairs: Map<number, Map<number, number>> | null;
}

/** Sessions grouped by one visit dimension, most visitors first (ties by value). */
export function breakdownVisit(run: Run, dim: VisitDim, limit: number, opts: { skipNull?: boolean; dominant?: VisitDim } = {}): BreakdownRow[] {
  const companion = opts.dominant;
  const parts = tallies(run, `visit:${dim}:${companion ?? ''}`, (): VisitTallies => {
    const size = dictOf(dim).size;
    return { cols: [new Uint32Array(size), new Uint32Array(size), new Float64Array(size), new Uint32Array(size)], pairs: companion ? new Map() : null };
  }, (r, t) => {
    const [visitors, bounces, duration, pageviews] = t.cols as [Uint32Array, Uint32Array, Float64Array, Uint32Array];
    const pairs = t.pairs;
    walk(r, (seg, i, pv) => {
      const c = seg.dims[dim][i]!;
      if (pairs) {
        let m = pairs.get(c);
        if (!m) pairs.set(c, (m = new Map()));
        const k = seg.dims[companion!][i]!;
        m.set(k, (m.get(k) ?? 0) + 1);
      }
      visitors[c]!++;
      pageviews[c]! += pv;
      if (seg.evOff[i + 1]! - seg.evOff[i]! <= 1) bounces[c]!++;
      duration[c]! += seg.end[i]! - seg.start[i]!;
    }, null);
  }, packCoded);
  const dict = dictOf(dim);
  const size = dict.size;
  const [visitors, bounces, duration, pageviews] = mergeCoded(parts, size, 4) as [Float64Array, Float64Array, Float64Array, Float64Array];
  const pairs = new Map<number, Map<number, number>>();
  if (companion) {
    for (const t of parts) {
      for (const [c, m] of t.pairs!) {
        let into = pairs.get(c);
        if (!into) pairs.set(c, (into = new Map()));
        for (const [k, n] of m) into.set(k, (into.get(k) ?? 0) + n);
      }
    }
  }
  const rows: BreakdownRow[] = [];
  for (let c = opts.skipNull ? 1 : 0; c < size; c++) {
    if (!visitors[c]) continue;
    let dominant: string | null | undefined;
    if (companion) {
      // Ties go to the lower code (the value seen first by this process), whatever order the tallies merged in.
      let best = -1;
      let bestCode = -1;
      for (const [k, n] of pairs.get(c) ?? []) {
        if (n > best || (n === best && k < bestCode)) [best, bestCode] = [n, k];
      }
      dominant = bestCode < 0 ? null : (dictOf(companion).values[bestCode] ?? null);
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
  const parts = tallies(run, 'pages', (): Coded => ({ cols: [new Uint32Array(dicts.page.size), new Uint32Array(dicts.page.size)] }), (r, t) => {
    const [pv, visitors] = t.cols as [Uint32Array, Uint32Array];
    const lastSession = new Float64Array(pv.length).fill(-1);
    let token = 0;
    let prev: Segment | null = null;
    let prevI = -1;
    walk(r, null, (seg, j, i) => {
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
  }, packCoded);
  const size = dicts.page.size;
  const [pv, visitors] = mergeCoded(parts, size, 2) as [Float64Array, Float64Array];
  const rows: { path: string; pageviews: number; visitors: number }[] = [];
  for (let c = 1; c < size; c++) if (pv[c]) rows.push({ path: dicts.page.values[c]!, pageviews: pv[c]!, visitors: visitors[c]! });
  return top(rows, limit, (r) => r.pageviews, (r) => r.path);
}

/** Events and distinct sessions per code, and revenue per code and currency (sum, count). */
interface EventTallies extends Coded {
  revenue: Map<number, Map<number, [number, number]>>;
}

/** Distinct sessions and events per value of an event-level key (custom event name, a property, a goal). */
function eventBreakdown(run: Run, key: string, keyOf: (seg: Segment, j: number) => number, size: () => number) {
  const parts = tallies(run, key, (): EventTallies => ({ cols: [new Uint32Array(size()), new Uint32Array(size())], revenue: new Map() }), (r, t) => {
    const [events, visitors] = t.cols as [Uint32Array, Uint32Array];
    const revenue = t.revenue;
    const lastSession = new Float64Array(events.length).fill(-1);
    let token = 0;
    let prev: Segment | null = null;
    let prevI = -1;
    walk(r, null, (seg, j, i) => {
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
  }, packCoded);
  const n = size();
  const [events, visitors] = mergeCoded(parts, n, 2) as [Float64Array, Float64Array];
  const revenue = new Map<number, Map<number, [number, number]>>();
  for (const t of parts) {
    for (const [c, byCurrency] of t.revenue) {
      let into = revenue.get(c);
      if (!into) revenue.set(c, (into = new Map()));
      for (const [cur, [total, count]] of byCurrency) {
        const sum = into.get(cur) ?? [0, 0];
        into.set(cur, [sum[0] + total, sum[1] + count]);
      }
    }
  }
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
    .sort((a, b) => b.total - a.total || ((a.currency ?? '') < (b.currency ?? '') ? -1 : (a.currency ?? '') > (b.currency ?? '') ? 1 : 0));
}

export function customEvents(run: Run, limit: number): { name: string; events: number; visitors: number; revenue: Revenue[] }[] {
  const { events, visitors, revenue } = eventBreakdown(run, 'names', (seg, j) => (seg.evName[j] === 0 ? -1 : seg.evName[j]!), () => dicts.name.size);
  const rows = [];
  for (let c = 1; c < events.length; c++) {
    if (events[c]) rows.push({ name: dicts.name.values[c]!, events: events[c]!, visitors: visitors[c]!, revenue: revenueList(revenue.get(c)) });
  }
  return top(rows, limit, (r) => r.events, (r) => r.name);
}

/** Values of one custom property over the events that carry it (filter event:name to pick an event). */
export function props(run: Run, property: string, limit: number): { value: string; events: number; visitors: number }[] {
  // The key may be in the stored tallies only (its segments not loaded): coded then, so they are read.
  const key = run.tallyOnly?.length ? dicts.propKey.code(property) : dicts.propKey.find(property);
  if (key === undefined) return [];
  const { events, visitors } = eventBreakdown(run, `prop:${property}`, (seg, j) => {
    for (let p = seg.propOff[j]!; p < seg.propOff[j + 1]!; p++) if (seg.propKey[p] === key) return seg.propVal[p]!;
    return -1;
  }, () => dicts.propValue.size);
  const rows = [];
  for (let c = 1; c < events.length; c++) if (events[c]) rows.push({ value: dicts.propValue.values[c]!, events: events[c]!, visitors: visitors[c]! });
  return top(rows, limit, (r) => r.visitors, (r) => r.value);
}

export function countVisitors(run: Run): number {
  return headlineTallies(run)[0]!;
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
    const key = `goal:${spec.event !== undefined ? `e:${spec.event}` : `p:${spec.page ?? ''}`}`;
    const { events, visitors, revenue } = eventBreakdown(run, key, (seg, j) => (test(seg, j) ? 0 : -1), () => 1);
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
  const plain: Run = { ...run, f: { visit: run.f.visit, event: null } };
  // [visitors, reached step 1, reached step 2, ...]
  const key = `funnel:${JSON.stringify(steps.map((s) => [s.event ?? null, s.page ?? null]))}`;
  const t = sumArrays(tallies(plain, key, () => new Float64Array(steps.length + 1), (r, t) => walk(r, (seg, i) => {
    t[0]!++;
    let k = 0;
    for (let j = seg.evOff[i]!, end = seg.evOff[i + 1]!; j < end && k < tests.length; j++) {
      if (seg.evAt[j]! >= r.to) break;
      if (tests[k]!(seg, j)) t[1 + k++]!++;
    }
  }, null)), steps.length + 1);
  const visitors = t[0]!;
  const reached = t.subarray(1);
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

/** A place in the sessions list: the last session of a page, by last activity (ms) and id. */
export interface SessionsPosition {
  lastSeen: number;
  id: string;
}

/**
 * Sessions with an event in the period that pass the rules, most recently active
 * first (ties by id), `offset` skipped, or after `after` (keyset: a position does not
 * shift when sessions are added before it). `next` is the page's last position.
 */
export function sessionsPage(run: Run, limit: number, offset: number, after?: SessionsPosition): { ids: string[]; hasMore: boolean; next: SessionsPosition | null } {
  const want = offset + limit;
  const segs: Segment[] = [];
  const index: number[] = [];
  const last: number[] = [];
  const push = (seg: Segment, i: number) => {
    const at = seg.end[i]!;
    if (after && (at > after.lastSeen || (at === after.lastSeen && sessionId(seg, i) <= after.id))) return;
    segs.push(seg);
    index.push(i);
    last.push(at);
  };
  // Segments by their reach, latest first: once more than offset + limit sessions are in
  // hand, a segment whose reach is before the (offset + limit)-th latest of them, and
  // every one after it, holds no session of the page. So a 30-day list reads about the
  // last day's segments, not the period's million sessions.
  const order = [...run.segs].sort((a, b) => b.reach - a.reach);
  let threshold = -Infinity;
  const kth = () => (last.length > want ? Float64Array.from(last).sort()[last.length - want]! : -Infinity);
  for (const seg of order) {
    // The threshold only rises as sessions come in: recomputed only when it could end the loop.
    if (last.length > want && seg.reach >= threshold) threshold = kth();
    if (seg.reach < threshold) break;
    walk({ ...run, segs: [seg] }, push, null, { active: true });
  }
  threshold = kth();
  const candidates: number[] = [];
  for (let k = 0; k < last.length; k++) if (last[k]! >= threshold) candidates.push(k);
  candidates.sort((a, b) => last[b]! - last[a]! || (sessionId(segs[a]!, index[a]!) < sessionId(segs[b]!, index[b]!) ? -1 : 1));
  const page = candidates.slice(offset, want);
  const end = page[page.length - 1];
  return {
    ids: page.map((k) => sessionId(segs[k]!, index[k]!)),
    hasMore: last.length > want,
    next: end === undefined ? null : { lastSeen: last[end]!, id: sessionId(segs[end]!, index[end]!) },
  };
}

/** Display helpers for breakdown values. */
export function sourceEntry(value: string | null) {
  const d = describeSource(value);
  return { source: d.source, label: d.label };
}
export function regionName(code: string | null): string | null {
  return code ? (regionNames.get(code) ?? null) : null;
}
