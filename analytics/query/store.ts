import type { Knex } from 'knex';
import { createHash } from 'node:crypto';
import { listSegmentVersions, type SegmentVersion } from '../../db/analytics/listSegmentVersions.ts';
import { loadSegments } from '../../db/analytics/loadSegments.ts';
import { loadSegmentTails } from '../../db/analytics/loadSegmentTails.ts';
import { listActiveProjects } from '../../db/analytics/listActiveProjects.ts';
import { listStoredTallies } from '../../db/analytics/listStoredTallies.ts';
import { putStoredTallies, type StoredTally } from '../../db/analytics/putStoredTallies.ts';
import { encodeTally, tallyBytes as tallyBytesOf } from './storedTallies.ts';
import { channelGroupOf, channelOf } from '../channels.ts';

/**
 * The query layer's copy of the data: per project, one *segment* per UTC hour,
 * holding the sessions that started in that hour with all their events, as
 * dictionary-coded columns. Every stats number is computed from these by
 * analytics/query/stats.ts. PostgreSQL stays the record: a segment is (re)loaded
 * when its version in analytics_segments (bumped by the statement that writes its
 * events, late and imported ones included) differs from the copy's.
 */

export { Dict, VISIT_DIMS, dicts, dictOf, regionNames, type VisitDim } from './dicts.ts';
import { VISIT_DIMS, dicts, regionNames, type VisitDim } from './dicts.ts';

export const BOT = 1;
export const INTERNAL = 2;
export const VPN = 4;

export interface Segment {
  hour: number;
  version: string;
  /** Sessions (ordered by id). */
  n: number;
  ids: Uint8Array;
  start: Float64Array;
  end: Float64Array;
  cls: Uint8Array;
  /** Page views and custom events of each session (all of them, whatever the period). */
  pv: Uint32Array;
  ce: Uint32Array;
  dims: Record<VisitDim, Uint32Array>;
  /** Events of session i are evOff[i] .. evOff[i+1], oldest first. */
  evOff: Uint32Array;
  evAt: Float64Array;
  /** 0 for a pageview, else the custom event's name code. */
  evName: Uint32Array;
  evPath: Uint32Array;
  /** Props of event j are propOff[j] .. propOff[j+1]. */
  propOff: Uint32Array;
  propKey: Uint32Array;
  propVal: Uint32Array;
  /** NaN when the event carries no revenue; null when no event of the segment does. */
  revAmount: Float64Array | null;
  revCurrency: Uint32Array | null;
  events: number;
  /** The latest event of any of its sessions (ms): a period ending later holds all of them. */
  reach: number;
  /** Bytes its typed arrays hold. */
  bytes: number;
  /** When it was last read (the store's clock of uses): the least recently used go first. */
  used: number;
  /**
   * Set on a tail: only the sessions last seen at or after this instant, with their
   * events from it on (what an unfiltered question starting then reads of an hour
   * before its start); absent on a whole segment.
   */
  tail?: number;
}

/**
 * Aggregates over one UTC day of a project's segments (analytics/query/stats.ts),
 * valid while the day's segments keep the versions named in `signature`.
 */
export interface Rollup {
  signature: string;
  /** Unfiltered questions' tallies, by aggregation and traffic toggles. */
  tallies: Map<string, unknown>;
  /** Filtered questions' tallies by their filters, the most recently used last (a few kept). */
  filtered: Map<string, Map<string, unknown>>;
  /** Bytes its tallies hold (counted as they are kept). */
  bytes: number;
  used: number;
  /** The traffic toggles whose stored tallies (analytics_stored_tallies) have been read into it. */
  read?: Set<number>;
}

/**
 * A stored tally not decoded yet: JSON text (storedTallies.ts), decoded by the first
 * aggregation asking for it; null while a long one is still in PostgreSQL (read when asked for).
 */
export class StoredText {
  text: string | null;
  constructor(text: string | null) {
    this.text = text;
  }
}

export function newRollup(signature: string): Rollup {
  return { signature, tallies: new Map(), filtered: new Map(), bytes: 0, used: 0 };
}

export function sessionId(seg: Segment, i: number): string {
  const h = Buffer.from(seg.ids.buffer, seg.ids.byteOffset + i * 16, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const HOUR = 3600_000;
/** Channel-group codes by the codes of what decides them; channel codes by source code. */
const groupCodes = new Map<string, number>();
const channelCodes: number[] = [];

type Row = unknown[];
/** A segment's object and its arrays' headers. */
const SEGMENT_OVERHEAD = 2048;

/** Builds one segment per start hour from rows ordered by session id (events then by time). */
function buildSegments(sessions: Row[], events: Row[], versions: Map<number, string>): Segment[] {
  // Pass 1: match events to sessions, count per hour.
  const evStart = new Int32Array(sessions.length + 1);
  let j = 0;
  for (let i = 0; i < sessions.length; i++) {
    const id = sessions[i]![0] as string;
    while (j < events.length && (events[j]![0] as string) < id) j++;
    evStart[i] = j;
    while (j < events.length && events[j]![0] === id) j++;
    evStart[i + 1] = j;
    // Ends are read from evStart[i+1] only for the matched run.
    (sessions[i] as Row & { end?: number }).end = j;
  }
  const byHour = new Map<number, number[]>();
  for (let i = 0; i < sessions.length; i++) {
    const hour = Math.floor((sessions[i]![1] as number) / HOUR) * HOUR;
    let list = byHour.get(hour);
    if (!list) byHour.set(hour, (list = []));
    list.push(i);
  }
  const out: Segment[] = [];
  for (const [hour, members] of byHour) {
    let evCount = 0;
    let propCount = 0;
    let revenue = false;
    for (const i of members) {
      const end = (sessions[i] as Row & { end: number }).end;
      for (let k = evStart[i]!; k < end; k++) {
        evCount++;
        const props = events[k]![4] as string | null;
        if (props) propCount += 30;
        if (events[k]![5] !== null) revenue = true;
      }
    }
    const n = members.length;
    const seg: Segment = {
      hour, version: versions.get(hour) ?? '0', n, events: evCount,
      ids: new Uint8Array(n * 16), start: new Float64Array(n), end: new Float64Array(n), cls: new Uint8Array(n),
      pv: new Uint32Array(n), ce: new Uint32Array(n),
      dims: Object.fromEntries([...VISIT_DIMS].map((d) => [d, new Uint32Array(n)])) as Record<VisitDim, Uint32Array>,
      evOff: new Uint32Array(n + 1), evAt: new Float64Array(evCount), evName: new Uint32Array(evCount), evPath: new Uint32Array(evCount),
      propOff: new Uint32Array(evCount + 1), propKey: new Uint32Array(propCount), propVal: new Uint32Array(propCount),
      revAmount: revenue ? new Float64Array(evCount).fill(NaN) : null, revCurrency: revenue ? new Uint32Array(evCount) : null,
      reach: -Infinity, bytes: 0, used: 0,
    };
    seg.bytes = SEGMENT_OVERHEAD;
    for (const a of [seg.ids, seg.start, seg.end, seg.cls, seg.pv, seg.ce, ...Object.values(seg.dims), seg.evOff, seg.evAt, seg.evName, seg.evPath, seg.propOff, seg.propKey, seg.propVal, seg.revAmount, seg.revCurrency]) {
      seg.bytes += a?.byteLength ?? 0;
    }
    let e = 0;
    let p = 0;
    members.sort((a, b) => ((sessions[a]![0] as string) < (sessions[b]![0] as string) ? -1 : 1));
    for (let s = 0; s < n; s++) {
      const i = members[s]!;
      const r = sessions[i]!;
      Buffer.from((r[0] as string).replace(/-/g, ''), 'hex').copy(Buffer.from(seg.ids.buffer, s * 16, 16));
      seg.start[s] = r[1] as number;
      seg.end[s] = r[2] as number;
      if (seg.end[s]! > seg.reach) seg.reach = seg.end[s]!;
      seg.cls[s] = (r[5] ? BOT : 0) | (r[6] ? INTERNAL : 0) | (r[7] ? VPN : 0);
      const d = seg.dims;
      d.source[s] = dicts.source.code((r[8] as string | null) ?? 'direct');
      d.referrer[s] = dicts.referrer.code(r[9] as string | null);
      d.utm_source[s] = dicts.utm_source.code(r[10] as string | null);
      d.utm_medium[s] = dicts.utm_medium.code(r[11] as string | null);
      d.utm_campaign[s] = dicts.utm_campaign.code(r[12] as string | null);
      d.utm_term[s] = dicts.utm_term.code(r[13] as string | null);
      d.utm_content[s] = dicts.utm_content.code(r[14] as string | null);
      d.country[s] = dicts.country.code(r[15] as string | null);
      d.region[s] = dicts.region.code(r[16] as string | null);
      if (r[16] && r[17] && !regionNames.has(r[16] as string)) regionNames.set(r[16] as string, r[17] as string);
      d.city[s] = dicts.city.code(r[18] as string | null);
      d.device[s] = dicts.device.code(r[19] as string | null);
      d.browser[s] = dicts.browser.code(r[20] as string | null);
      d.os[s] = dicts.os.code(r[21] as string | null);
      d.locale[s] = dicts.locale.code(r[22] ? (r[22] as string).toLowerCase() : null);
      const key = `${d.source[s]}\u0001${d.utm_source[s]}\u0001${d.utm_medium[s]}\u0001${d.utm_campaign[s]}\u0001${d.referrer[s] ? 1 : 0}`;
      let group = groupCodes.get(key);
      if (group === undefined) {
        group = dicts.channel_group.code(channelGroupOf({
          source: dicts.source.values[d.source[s]!]!, utmSource: dicts.utm_source.values[d.utm_source[s]!]!,
          utmMedium: dicts.utm_medium.values[d.utm_medium[s]!]!, utmCampaign: dicts.utm_campaign.values[d.utm_campaign[s]!]!,
          referrer: dicts.referrer.values[d.referrer[s]!]!,
        }));
        groupCodes.set(key, group);
      }
      d.channel_group[s] = group;
      d.channel[s] = channelCodes[d.source[s]!] ??= dicts.channel.code(channelOf(dicts.source.values[d.source[s]!]!));
      seg.evOff[s] = e;
      let firstPage = 0;
      let lastPage = 0;
      const end = (r as Row & { end: number }).end;
      for (let k = evStart[i]!; k < end; k++) {
        const ev = events[k]!;
        seg.evAt[e] = ev[1] as number;
        const path = dicts.page.code(ev[3] as string);
        seg.evPath[e] = path;
        const name = ev[2] as string | null;
        seg.evName[e] = name === null ? 0 : dicts.name.code(name);
        if (name === null) {
          if (!firstPage) firstPage = path;
          lastPage = path;
          seg.pv[s]!++;
        } else {
          seg.ce[s]!++;
        }
        seg.propOff[e] = p;
        if (ev[4]) {
          const props = JSON.parse(ev[4] as string) as Record<string, unknown>;
          for (const key in props) {
            if (p >= seg.propKey.length) break;
            seg.propKey[p] = dicts.propKey.code(key);
            seg.propVal[p] = dicts.propValue.code(String(props[key]));
            p++;
          }
        }
        if (seg.revAmount && ev[5] !== null) {
          seg.revAmount[e] = ev[5] as number;
          seg.revCurrency![e] = dicts.currency.code(ev[6] as string | null);
        }
        e++;
      }
      d.entry_page[s] = firstPage;
      d.exit_page[s] = lastPage;
    }
    seg.evOff[n] = e;
    seg.propOff[evCount] = p;
    out.push(seg);
  }
  return out;
}

function emptySegment(hour: number, version: string): Segment {
  const none = new Uint32Array(0);
  return {
    hour, version, n: 0, events: 0, ids: new Uint8Array(0), start: new Float64Array(0), end: new Float64Array(0), cls: new Uint8Array(0),
    pv: none, ce: none, dims: Object.fromEntries(VISIT_DIMS.map((d) => [d, none])) as Record<VisitDim, Uint32Array>,
    evOff: new Uint32Array(1), evAt: new Float64Array(0), evName: none, evPath: none, propOff: new Uint32Array(1), propKey: none, propVal: none,
    revAmount: null, revCurrency: null, reach: -Infinity, bytes: SEGMENT_OVERHEAD, used: 0,
  };
}

interface ProjectCache {
  segments: Map<number, Segment>;
  loading: Map<string, Promise<Segment[]>>;
  /** By the UTC day's start. */
  rollups: Map<number, Rollup>;
  /** Whole hours' rollups (of days a period cuts), by the hour's start. */
  hourRollups: Map<number, Rollup>;
}

/** A day or hour whose tallies are kept: where it starts, how long it is, the segment versions it holds. */
export interface Bucket {
  start: number;
  hours: 1 | 24;
  signature: string;
}

const MB = 1024 * 1024;
/** What the query layer keeps per process by default. */
export const DEFAULT_CACHE_MB = 2048;
/** Bytes held per event loaded, rounded up from the bench (84 at 10M events, tallies included), for the older setting in events. */
export const BYTES_PER_EVENT = 100;
/** Stored tallies longer than this (characters of JSON) are read only when their aggregation is asked for: a day's page list is tens of kilobytes. */
const INLINE = 4096;
/** A stored tally is written once its day or hour has been over this long (its last sessions have ended). */
const SETTLED_MS = 30 * 60_000;

/**
 * The cache budget in bytes from the environment: ANALYTICS_QUERY_CACHE_MB, or the
 * deprecated ANALYTICS_QUERY_CACHE_EVENTS converted at BYTES_PER_EVENT.
 */
export function cacheBudget(env: Record<string, string | undefined>): { maxBytes: number; deprecated: boolean } {
  if (env.ANALYTICS_QUERY_CACHE_MB) return { maxBytes: Number(env.ANALYTICS_QUERY_CACHE_MB) * MB, deprecated: false };
  if (env.ANALYTICS_QUERY_CACHE_EVENTS) return { maxBytes: Number(env.ANALYTICS_QUERY_CACHE_EVENTS) * BYTES_PER_EVENT, deprecated: true };
  return { maxBytes: DEFAULT_CACHE_MB * MB, deprecated: false };
}

/**
 * Per-process copies: segments, and the day and hour rollups, the least recently used
 * dropped past the byte budget. The rollups of settled days and hours are also written
 * to PostgreSQL (analytics_stored_tallies) after the answer that tallied them, and read
 * from there by any process whose copies lack them: a period's interior then needs no
 * segment at all.
 */
export class SegmentStore {
  private readonly projects = new Map<string, ProjectCache>();
  private readonly budget: number;
  private readonly db: Knex;
  private clock = 0;
  /** Bytes held as of the last count, plus what was kept since. */
  private held = 0;
  private pending = new Map<string, { row: Omit<StoredTally, 'data'>; tally: unknown; key: string }>();
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;
  /** What this store has loaded and written, for tests and the bench. */
  readonly counters = { segmentsLoaded: 0, eventsLoaded: 0, talliesRead: 0, talliesWritten: 0, writeFailures: 0 };
  /** Stored tallies longer than this (characters of JSON) are read only when their aggregation is asked for. */
  private readonly inline: number;
  constructor(db: Knex, opts: { maxBytes?: number; now?: () => number; inlineChars?: number } = {}) {
    this.db = db;
    this.inline = opts.inlineChars ?? INLINE;
    this.budget = opts.maxBytes ?? DEFAULT_CACHE_MB * MB;
    this.now = opts.now ?? Date.now;
  }

  private cacheOf(projectId: string): ProjectCache {
    let c = this.projects.get(projectId);
    if (!c) {
      c = { segments: new Map(), loading: new Map(), rollups: new Map(), hourRollups: new Map() };
      this.projects.set(projectId, c);
    }
    return c;
  }

  /** Segment versions of the segments whose sessions reach into [from, to): one indexed read. */
  versions(projectId: string, from: number, to: number): Promise<SegmentVersion[]> {
    return listSegmentVersions(this.db, projectId, new Date(from), new Date(to));
  }

  /**
   * The current segments whose sessions reach into [from, to), loading what is missing
   * or stale; with `skip`, the hours it names are left out (their tallies are at hand).
   * With `tail`, the hours before it may be tails (Segment.tail): what an unfiltered
   * question starting at `tail` reads of them.
   */
  async segments(projectId: string, from: number, to: number, opts: { versions?: SegmentVersion[]; skip?: (hour: number) => boolean; tail?: number } = {}): Promise<Segment[]> {
    const versions = opts.versions ?? await this.versions(projectId, from, to);
    const cache = this.cacheOf(projectId);
    const wanted = new Map<number, string>();
    const reach = new Map<number, number>();
    const out: Segment[] = [];
    const stale: number[] = [];
    const tail = opts.tail;
    const now = ++this.clock;
    for (const v of versions) {
      if (opts.skip?.(v.hour)) continue;
      wanted.set(v.hour, v.version);
      reach.set(v.hour, v.lastSeen);
      const seg = cache.segments.get(v.hour);
      // A tail serves a question starting at or after the tail's start.
      if (seg && seg.version === v.version && (seg.tail === undefined || (tail !== undefined && v.hour < tail && seg.tail <= tail))) {
        seg.used = now;
        out.push(seg);
      } else stale.push(v.hour);
    }
    // Contiguous stale hours load together, in runs of at most a week; tails apart.
    const runs: [number, number, boolean][] = [];
    for (const h of stale) {
      const last = runs[runs.length - 1];
      const isTail = tail !== undefined && h < tail;
      if (last && last[1] === h && last[2] === isTail && h - last[0] < 7 * 86400_000) last[1] = h + HOUR;
      else runs.push([h, h + HOUR, isTail]);
    }
    const loaded = await Promise.all(runs.map(([a, b, isTail]) => {
      let last = a;
      for (let h = a; h < b; h += HOUR) last = Math.max(last, reach.get(h) ?? h);
      return this.load(projectId, cache, a, b, last, wanted, isTail ? tail : undefined);
    }));
    // An hour whose sessions all moved away (an earlier imported event) has nothing left.
    for (const h of stale) cache.segments.delete(h);
    for (const segs of loaded) {
      for (const seg of segs) {
        const known = cache.segments.get(seg.hour);
        seg.used = now;
        const wider = known && known.version === seg.version && known.tail !== undefined && (seg.tail === undefined || seg.tail < known.tail);
        if (!known || BigInt(known.version) < BigInt(seg.version) || wider) cache.segments.set(seg.hour, seg);
        out.push(seg);
      }
    }
    this.evict();
    return out;
  }

  /** Whether every segment of these versions is held, whole, at its version. */
  holds(projectId: string, versions: SegmentVersion[]): boolean {
    const segs = this.projects.get(projectId)?.segments;
    return !!segs && versions.every((v) => {
      const seg = segs.get(v.hour);
      return seg?.version === v.version && seg.tail === undefined;
    });
  }

  private load(projectId: string, cache: ProjectCache, from: number, to: number, lastSeen: number, wanted: Map<number, string>, tail?: number): Promise<Segment[]> {
    const key = `${from}:${to}:${wanted.get(from)}:${tail ?? ''}`;
    let p = cache.loading.get(key);
    if (!p) {
      const rows = tail === undefined
        ? loadSegments(this.db, projectId, new Date(from), new Date(to), new Date(lastSeen))
        : loadSegmentTails(this.db, projectId, new Date(from), new Date(to), new Date(tail), new Date(Math.max(lastSeen, tail)));
      p = rows.then(({ sessions, events }) => {
        const versions = new Map<number, string>();
        for (let h = from; h < to; h += HOUR) versions.set(h, wanted.get(h) ?? '0');
        const segs = buildSegments(sessions, events, versions);
        this.counters.segmentsLoaded += segs.length;
        this.counters.eventsLoaded += events.length;
        if (tail === undefined) return segs;
        // A tail with no session is kept too (empty), so the next question does not ask again.
        const have = new Set(segs.map((s) => s.hour));
        for (let h = from; h < to; h += HOUR) if (!have.has(h)) segs.push(emptySegment(h, versions.get(h)!));
        for (const seg of segs) seg.tail = tail;
        return segs;
      });
      cache.loading.set(key, p);
      void p.finally(() => cache.loading.delete(key)).catch(() => {});
    }
    return p;
  }

  /** Bytes held: segments, and rollups' tallies. */
  bytes(): number {
    let total = 0;
    for (const c of this.projects.values()) {
      for (const s of c.segments.values()) total += s.bytes;
      for (const r of c.rollups.values()) total += r.bytes;
      for (const r of c.hourRollups.values()) total += r.bytes;
    }
    return total;
  }

  /** Drops the least recently used segments and rollups, whatever their project, until the budget holds. */
  evict(): void {
    let total = this.bytes();
    this.held = total;
    if (total <= this.budget) return;
    const held: { used: number; bytes: number; drop: () => void }[] = [];
    for (const c of this.projects.values()) {
      for (const [h, s] of c.segments) held.push({ used: s.used, bytes: s.bytes, drop: () => c.segments.delete(h) });
      for (const [d, r] of c.rollups) held.push({ used: r.used, bytes: r.bytes, drop: () => c.rollups.delete(d) });
      for (const [h, r] of c.hourRollups) held.push({ used: r.used, bytes: r.bytes, drop: () => c.hourRollups.delete(h) });
    }
    held.sort((a, b) => a.used - b.used);
    for (const x of held) {
      if (total <= this.budget) break;
      x.drop();
      total -= x.bytes;
    }
    this.held = total;
  }

  /**
   * A tally kept in a rollup (`replaced`: the stored text it was decoded from): counted,
   * and the budget held at once (a run keeps what it reads even when dropped here).
   */
  kept(rollup: Rollup, tally: unknown, replaced?: StoredText): void {
    const n = tallyBytesOf(tally) - (replaced?.text?.length ?? 0);
    rollup.bytes += n;
    this.held += n;
    if (this.held > this.budget) this.evict();
  }

  /** The rollup of a day (24) or hour (1) at this signature: the held one, or a new empty one replacing it. */
  rollup(projectId: string, b: Bucket): Rollup {
    const c = this.cacheOf(projectId);
    const map = b.hours === 24 ? c.rollups : c.hourRollups;
    let r = map.get(b.start);
    if (!r || r.signature !== b.signature) map.set(b.start, (r = newRollup(b.signature)));
    r.used = ++this.clock;
    return r;
  }

  /**
   * Reads the stored tallies of these buckets for these traffic toggles into their
   * rollups (one query; each is decoded when first asked for) and answers the buckets
   * that have some: those need no segments.
   */
  async readStored(projectId: string, leftOut: number, buckets: Bucket[]): Promise<Set<Bucket>> {
    const found = new Set<Bucket>();
    const ask: Bucket[] = [];
    for (const b of buckets) {
      const r = this.rollup(projectId, b);
      if (!r.read?.has(leftOut)) ask.push(b);
      else if ([...r.tallies.keys()].some((k) => k.endsWith(`\u0000${leftOut}`))) found.add(b);
    }
    if (!ask.length) return found;
    const rows = await listStoredTallies(this.db, projectId, leftOut, ask.map((b) => ({ start: b.start, hours: b.hours, signature: digest(b.signature) })), { inline: this.inline });
    const byKey = new Map(ask.map((b) => [`${b.start}:${b.hours}`, b]));
    for (const row of rows) {
      const b = byKey.get(`${row.start}:${row.hours}`);
      if (!b) continue;
      const r = this.rollup(projectId, b);
      const k = `${row.aggregation}\u0000${row.leftOut}`;
      found.add(b);
      if (r.tallies.has(k)) continue;
      r.tallies.set(k, new StoredText(row.data));
      this.counters.talliesRead++;
      if (row.data === null) continue;
      r.bytes += row.data.length;
      this.held += row.data.length;
    }
    for (const b of ask) (this.rollup(projectId, b).read ??= new Set()).add(leftOut);
    this.evict();
    return found;
  }

  /** Reads the text of one aggregation's long stored tallies of these buckets (listed by readStored without it). */
  async readText(projectId: string, leftOut: number, buckets: Bucket[], aggregation: string): Promise<void> {
    const k = `${aggregation}\u0000${leftOut}`;
    const unread = buckets.filter((b) => {
      const t = this.rollup(projectId, b).tallies.get(k);
      return t instanceof StoredText && t.text === null;
    });
    if (!unread.length) return;
    const rows = await listStoredTallies(this.db, projectId, leftOut, unread.map((b) => ({ start: b.start, hours: b.hours, signature: digest(b.signature) })), { aggregation });
    const text = new Map(rows.map((row) => [`${row.start}:${row.hours}`, row.data]));
    for (const b of unread) {
      const r = this.rollup(projectId, b);
      const t = r.tallies.get(k);
      if (!(t instanceof StoredText) || t.text !== null) continue;
      const data = text.get(`${b.start}:${b.hours}`);
      // Overwritten since (a late event): the aggregation is tallied from the segments instead.
      if (data === undefined || data === null) {
        r.tallies.delete(k);
        continue;
      }
      t.text = data;
      r.bytes += data.length;
      this.held += data.length;
    }
    this.evict();
  }

  /**
   * A tally just kept for an unfiltered question: written to PostgreSQL shortly after
   * (batched, off the answer's path) once its day or hour has settled.
   */
  remember(projectId: string, b: Bucket, key: string, leftOut: number, tally: unknown): void {
    if (b.start + b.hours * HOUR + SETTLED_MS > this.now()) return;
    const row = { projectId, start: b.start, hours: b.hours, leftOut, aggregation: key, signature: digest(b.signature) };
    this.pending.set(`${projectId}:${b.start}:${b.hours}:${leftOut}:${key}`, { row, tally, key });
    this.timer ??= setTimeout(() => void this.flush(), 20).unref();
  }

  /** Writes the pending tallies; a failure drops them (they are tallied and offered again) and never reaches a caller. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.evict();
    if (this.pending.size) {
      const batch = [...this.pending.values()];
      this.pending = new Map();
      this.writing = this.writing.then(async () => {
        try {
          await putStoredTallies(this.db, batch.map(({ row, tally, key }) => ({ ...row, data: encodeTally(key, tally) })));
          this.counters.talliesWritten += batch.length;
        } catch {
          this.counters.writeFailures++;
        }
      });
    }
    return this.writing;
  }

  /**
   * At start, for the projects active in the last day, one after another: first makes
   * sure their default views have their tallies stored (`then`, the service's tally of
   * those views, loads only the days and hours without them), so unfiltered questions
   * are fast in every process at once; then loads their last `days` days of segments,
   * newest day first, while the store holds less than half its budget: a filtered
   * question (its tallies are not stored) reads them instead of loading its period.
   * Runs in the background; a failure only means the first query loads what it needs.
   * Stops between steps once `signal` aborts (the service is stopping).
   */
  async warm(days: number, maxProjects = 50, then?: (projectId: string) => Promise<unknown>, signal?: AbortSignal): Promise<void> {
    const now = this.now();
    const projects = await listActiveProjects(this.db, new Date(now - 86400_000), maxProjects);
    for (const projectId of projects) {
      if (signal?.aborted) return;
      await then?.(projectId);
    }
    await this.flush();
    const today = Math.floor(now / 86400_000) * 86400_000;
    for (const projectId of projects) {
      for (let d = 0; d < days; d++) {
        if (signal?.aborted || this.bytes() > this.budget / 2) return;
        await this.segments(projectId, today - d * 86400_000, today - (d - 1) * 86400_000);
      }
    }
  }

  /** The project's day rollups; they go when the project's copies go. */
  rollups(projectId: string): Map<number, Rollup> {
    return this.cacheOf(projectId).rollups;
  }

  /** Drops a project's copies (retention deleted its old data). */
  forget(projectId: string): void {
    this.projects.delete(projectId);
  }
}

/** Stored signatures are digests: a day's list of hours and versions is long. */
function digest(signature: string): string {
  return createHash('sha256').update(signature).digest('base64url').slice(0, 27);
}
