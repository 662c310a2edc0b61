import type { Knex } from 'knex';
import { createHash } from 'node:crypto';
import { listSegmentVersions, type SegmentVersion } from '../../db/analytics/listSegmentVersions.ts';
import { E, S, loadSegments, type SegmentRows } from '../../db/analytics/loadSegments.ts';
import type { CopyRow } from '../../db/analytics/copyRows.ts';
import { ByteCodes } from './byteCodes.ts';
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

/** A segment's object and its arrays' headers. */
const SEGMENT_OVERHEAD = 2048;

/** The visit dimensions read as they are stored, in a session's stride of `SegmentBuilder.dim`. */
const STORED_DIMS = [
  'source', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'country', 'region', 'city',
  'device', 'browser', 'os', 'locale',
] as const satisfies readonly VisitDim[];
const D = STORED_DIMS.length;
const SOURCE = 0;
const REFERRER = 1;
const UTM_SOURCE = 2;
const UTM_MEDIUM = 3;
const UTM_CAMPAIGN = 4;
const REGION = 8;
/** Each stored dimension's field in a session row. */
const FIELDS = [
  S.source, S.referrer, S.utmSource, S.utmMedium, S.utmCampaign, S.utmTerm, S.utmContent, S.country, S.regionCode, S.city,
  S.device, S.browser, S.os, S.locale,
];
/** By the bytes PostgreSQL sends: the stored dimensions' codes (locales lower-cased), pages', event names', currencies'. */
const byteCodes = {
  dims: STORED_DIMS.map((d) => new ByteCodes(d === 'locale' ? (v) => dicts.locale.code(v ? v.toLowerCase() : null) : (v) => dicts[d].code(v))),
  page: new ByteCodes((v) => dicts.page.code(v)),
  name: new ByteCodes((v) => dicts.name.code(v)),
  currency: new ByteCodes((v) => dicts.currency.code(v)),
};
const DIRECT = () => dicts.source.code('direct');

/** An event's name code while building: a page view (a custom event may be named "pageview", code 0 too). */
const PAGEVIEW = 0xffffffff;
/** An event's currency code while building: no revenue. */
const NO_REVENUE = 0xffffffff;

/** Byte order of the 16-byte ids of sessions a and b (a uuid's order). */
function compareIds(ids: Uint8Array, a: number, b: number): number {
  for (let k = 0; k < 16; k++) {
    const d = ids[a * 16 + k]! - ids[b * 16 + k]!;
    if (d) return d;
  }
  return 0;
}

const SLOT = 2 ** 21;
/**
 * Sorts sessions by id: by their first four bytes, each packed with its position into
 * a double so that a typed array sorts them without a comparator call, then any run of
 * equal first bytes by the whole id.
 */
function byId(members: number[], ids: Uint8Array): void {
  const n = members.length;
  if (n >= SLOT) {
    members.sort((a, b) => compareIds(ids, a, b));
    return;
  }
  const keys = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const o = members[k]! * 16;
    keys[k] = (((ids[o]! << 24) | (ids[o + 1]! << 16) | (ids[o + 2]! << 8) | ids[o + 3]!) >>> 0) * SLOT + k;
  }
  keys.sort();
  const sorted = new Array<number>(n);
  for (let k = 0; k < n; k++) sorted[k] = members[keys[k]! % SLOT]!;
  for (let k = 0; k < n;) {
    const prefix = Math.floor(keys[k]! / SLOT);
    let e = k + 1;
    while (e < n && Math.floor(keys[e]! / SLOT) === prefix) e++;
    if (e - k > 1) {
      const run = sorted.slice(k, e).sort((a, b) => compareIds(ids, a, b));
      for (let r = 0; r < run.length; r++) sorted[k + r] = run[r]!;
    }
    k = e;
  }
  for (let k = 0; k < n; k++) members[k] = sorted[k]!;
}

type Growable = Float64Array | Uint32Array | Int32Array | Uint8Array;
function grow<T extends Growable>(a: T, size: number): T {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a as never);
  return b;
}

/**
 * Builds one segment per start hour from a load's rows as they arrive (SegmentRows):
 * each session and event is decoded once, straight into dictionary codes in typed
 * arrays; an event is matched to its session by id (events arrive in time order),
 * then each session's events are gathered, still in time order.
 */
class SegmentBuilder implements SegmentRows {
  private n = 0;
  /** The sessions by id (open addressing: pairs of an index into `ids` and its hash), made when the first event arrives. */
  private table: Int32Array | null = null;
  private ids = new Uint8Array(16 * 1024);
  private start = new Float64Array(1024);
  private end = new Float64Array(1024);
  private cls = new Uint8Array(1024);
  private dim = new Uint32Array(D * 1024);
  private m = 0;
  private evSess = new Int32Array(4096);
  private evAt = new Float64Array(4096);
  private evName = new Uint32Array(4096);
  private evPath = new Uint32Array(4096);
  private revAmount = new Float64Array(4096);
  private revCurrency = new Uint32Array(4096);
  /** Props of event j are propStart[j] .. propStart[j + 1]. */
  private propStart = new Uint32Array(4097);
  private p = 0;
  private propKey = new Uint32Array(4096);
  private propVal = new Uint32Array(4096);

  session(row: CopyRow): void {
    const i = this.n;
    if (i === this.start.length) {
      const size = i * 2;
      this.ids = grow(this.ids, size * 16);
      this.start = grow(this.start, size);
      this.end = grow(this.end, size);
      this.cls = grow(this.cls, size);
      this.dim = grow(this.dim, size * D);
    }
    const ids = this.ids;
    for (let k = 0, a = row.at[S.id]!; k < 16; k++) ids[i * 16 + k] = row.buf[a + k]!;
    this.start[i] = row.time(S.started);
    this.end[i] = row.time(S.lastSeen);
    this.cls[i] = (row.bool(S.isBot) ? BOT : 0) | (row.bool(S.isInternal) ? INTERNAL : 0) | (row.bool(S.isVpn) ? VPN : 0);
    const o = i * D;
    const { buf, at, len } = row;
    for (let k = 0; k < D; k++) {
      const f = FIELDS[k]!;
      const n = len[f]!;
      this.dim[o + k] = n < 0 ? (k === SOURCE ? DIRECT() : 0) : byteCodes.dims[k]!.of(buf, at[f]!, n);
    }
    const region = this.dim[o + REGION]!;
    if (region) {
      const code = dicts.region.values[region]!;
      if (code && !regionNames.has(code)) {
        const name = row.text(S.regionName);
        if (name) regionNames.set(code, name);
      }
    }
    this.n++;
  }

  event(row: CopyRow): void {
    const s = this.find(row.buf, row.at[E.sessionId]!);
    // An event of a session started outside the load's hours.
    if (s < 0) return;
    const j = this.m;
    if (j === this.evAt.length) this.reserve(j * 2);
    this.evSess[j] = s;
    this.evAt[j] = row.time(E.at);
    const { buf, at, len } = row;
    this.evName[j] = len[E.name]! < 0 ? PAGEVIEW : byteCodes.name.of(buf, at[E.name]!, len[E.name]!);
    this.evPath[j] = byteCodes.page.of(buf, at[E.path]!, len[E.path]!);
    this.propStart[j] = this.p;
    const json = row.json(E.props);
    if (json) {
      const props = JSON.parse(json) as Record<string, unknown>;
      for (const key in props) {
        if (this.p === this.propKey.length) {
          this.propKey = grow(this.propKey, this.p * 2);
          this.propVal = grow(this.propVal, this.p * 2);
        }
        this.propKey[this.p] = dicts.propKey.code(key);
        this.propVal[this.p] = dicts.propValue.code(String(props[key]));
        this.p++;
      }
    }
    if (row.isNull(E.revenueAmount)) this.revCurrency[j] = NO_REVENUE;
    else {
      this.revAmount[j] = row.float8(E.revenueAmount);
      this.revCurrency[j] = len[E.revenueCurrency]! < 0 ? 0 : byteCodes.currency.of(buf, at[E.revenueCurrency]!, len[E.revenueCurrency]!);
    }
    this.m++;
  }

  private static hash(b: Uint8Array, a: number): number {
    const w = (k: number) => (b[k]! << 24) | (b[k + 1]! << 16) | (b[k + 2]! << 8) | b[k + 3]!;
    return Math.imul(Math.imul(w(a) ^ Math.imul(w(a + 4), 0x9e3779b1), 0x85ebca6b) ^ w(a + 8) ^ Math.imul(w(a + 12), 0xc2b2ae35), 0x27d4eb2f) >>> 0;
  }

  /** The index of the session whose id is the 16 bytes at buf[a], or -1. */
  private find(buf: Uint8Array, a: number): number {
    let table = this.table;
    if (!table) table = this.index();
    // Pairs of a session's index and its id's hash: a probe compares the ids only when the hashes agree.
    const mask = (table.length >> 1) - 1;
    const h = SegmentBuilder.hash(buf, a) | 0;
    const ids = this.ids;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const i = table[2 * slot]!;
      if (i < 0) return -1;
      if (table[2 * slot + 1] !== h) continue;
      let k = 0;
      const o = i * 16;
      while (k < 16 && ids[o + k] === buf[a + k]) k++;
      if (k === 16) return i;
    }
  }

  /** Once every session is in: the table `find` reads, and room for about as many events as sessions usually have. */
  private index(): Int32Array {
    let size = 16;
    while (size < this.n * 2) size *= 2;
    const table = (this.table = new Int32Array(size * 2).fill(-1));
    for (let i = 0; i < this.n; i++) {
      const h = SegmentBuilder.hash(this.ids, i * 16) | 0;
      let slot = h & (size - 1);
      while (table[2 * slot]! >= 0) slot = (slot + 1) & (size - 1);
      table[2 * slot] = i;
      table[2 * slot + 1] = h;
    }
    if (this.evAt.length < this.n * 4) this.reserve(this.n * 4);
    return table;
  }

  private reserve(size: number): void {
    this.evSess = grow(this.evSess, size);
    this.evAt = grow(this.evAt, size);
    this.evName = grow(this.evName, size);
    this.evPath = grow(this.evPath, size);
    this.revAmount = grow(this.revAmount, size);
    this.revCurrency = grow(this.revCurrency, size);
    this.propStart = grow(this.propStart, size + 1);
  }

  /** Events kept (of the sessions read). */
  get events(): number {
    return this.m;
  }

  /** The segments of what was read, one per start hour (each with its version). */
  finish(versions: Map<number, string>): Segment[] {
    const { n, m } = this;
    this.propStart[m] = this.p;
    // Each session's events, gathered in the order they came (time, then id).
    const evStart = new Int32Array(n + 1);
    for (let j = 0; j < m; j++) evStart[this.evSess[j]! + 1]!++;
    for (let i = 0; i < n; i++) evStart[i + 1]! += evStart[i]!;
    const next = evStart.slice(0, n);
    const order = new Int32Array(m);
    for (let j = 0; j < m; j++) order[next[this.evSess[j]!]!++] = j;
    const byHour = new Map<number, number[]>();
    for (let i = 0; i < n; i++) {
      const hour = Math.floor(this.start[i]! / HOUR) * HOUR;
      let list = byHour.get(hour);
      if (!list) byHour.set(hour, (list = []));
      list.push(i);
    }
    const out: Segment[] = [];
    for (const [hour, members] of byHour) {
      byId(members, this.ids);
      let evCount = 0;
      let propCount = 0;
      let revenue = false;
      for (const i of members) {
        for (let k = evStart[i]!; k < evStart[i + 1]!; k++) {
          const j = order[k]!;
          evCount++;
          propCount += this.propStart[j + 1]! - this.propStart[j]!;
          if (this.revCurrency[j] !== NO_REVENUE) revenue = true;
        }
      }
      out.push(this.segment(hour, versions.get(hour) ?? '0', members, evStart, order, evCount, propCount, revenue));
    }
    return out;
  }

  private segment(hour: number, version: string, members: number[], evStart: Int32Array, order: Int32Array, evCount: number, propCount: number, revenue: boolean): Segment {
    const n = members.length;
    const seg: Segment = {
      hour, version, n, events: evCount,
      ids: new Uint8Array(n * 16), start: new Float64Array(n), end: new Float64Array(n), cls: new Uint8Array(n),
      pv: new Uint32Array(n), ce: new Uint32Array(n),
      dims: Object.fromEntries([...VISIT_DIMS].map((d) => [d, new Uint32Array(n)])) as Record<VisitDim, Uint32Array>,
      evOff: new Uint32Array(n + 1), evAt: new Float64Array(evCount), evName: new Uint32Array(evCount), evPath: new Uint32Array(evCount),
      propOff: new Uint32Array(evCount + 1), propKey: new Uint32Array(propCount), propVal: new Uint32Array(propCount),
      revAmount: revenue ? new Float64Array(evCount).fill(NaN) : null, revCurrency: revenue ? new Uint32Array(evCount) : null,
      reach: -Infinity, bytes: SEGMENT_OVERHEAD, used: 0,
    };
    for (const a of [seg.ids, seg.start, seg.end, seg.cls, seg.pv, seg.ce, ...Object.values(seg.dims), seg.evOff, seg.evAt, seg.evName, seg.evPath, seg.propOff, seg.propKey, seg.propVal, seg.revAmount, seg.revCurrency]) {
      seg.bytes += a?.byteLength ?? 0;
    }
    const d = seg.dims;
    const stored = STORED_DIMS.map((name) => d[name]);
    let e = 0;
    let p = 0;
    for (let s = 0; s < n; s++) {
      const i = members[s]!;
      seg.ids.set(this.ids.subarray(i * 16, i * 16 + 16), s * 16);
      seg.start[s] = this.start[i]!;
      seg.end[s] = this.end[i]!;
      if (seg.end[s]! > seg.reach) seg.reach = seg.end[s]!;
      seg.cls[s] = this.cls[i]!;
      const o = i * D;
      for (let k = 0; k < D; k++) stored[k]![s] = this.dim[o + k]!;
      const source = this.dim[o + SOURCE]!;
      const key = `${source}\u0001${this.dim[o + UTM_SOURCE]}\u0001${this.dim[o + UTM_MEDIUM]}\u0001${this.dim[o + UTM_CAMPAIGN]}\u0001${this.dim[o + REFERRER] ? 1 : 0}`;
      let group = groupCodes.get(key);
      if (group === undefined) {
        group = dicts.channel_group.code(channelGroupOf({
          source: dicts.source.values[source]!, utmSource: dicts.utm_source.values[this.dim[o + UTM_SOURCE]!]!,
          utmMedium: dicts.utm_medium.values[this.dim[o + UTM_MEDIUM]!]!, utmCampaign: dicts.utm_campaign.values[this.dim[o + UTM_CAMPAIGN]!]!,
          referrer: dicts.referrer.values[this.dim[o + REFERRER]!]!,
        }));
        groupCodes.set(key, group);
      }
      d.channel_group[s] = group;
      d.channel[s] = channelCodes[source] ??= dicts.channel.code(channelOf(dicts.source.values[source]!));
      seg.evOff[s] = e;
      let firstPage = 0;
      let lastPage = 0;
      for (let k = evStart[i]!; k < evStart[i + 1]!; k++) {
        const j = order[k]!;
        seg.evAt[e] = this.evAt[j]!;
        const path = this.evPath[j]!;
        seg.evPath[e] = path;
        const name = this.evName[j]!;
        if (name === PAGEVIEW) {
          seg.evName[e] = 0;
          if (!firstPage) firstPage = path;
          lastPage = path;
          seg.pv[s]!++;
        } else {
          seg.evName[e] = name;
          seg.ce[s]!++;
        }
        seg.propOff[e] = p;
        for (let q = this.propStart[j]!; q < this.propStart[j + 1]!; q++) {
          seg.propKey[p] = this.propKey[q]!;
          seg.propVal[p] = this.propVal[q]!;
          p++;
        }
        if (revenue && this.revCurrency[j] !== NO_REVENUE) {
          seg.revAmount![e] = this.revAmount[j]!;
          seg.revCurrency![e] = this.revCurrency[j]!;
        }
        e++;
      }
      d.entry_page[s] = firstPage;
      d.exit_page[s] = lastPage;
    }
    seg.evOff[n] = e;
    seg.propOff[evCount] = p;
    return seg;
  }
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
      const builder = new SegmentBuilder();
      const rows = tail === undefined
        ? loadSegments(this.db, projectId, new Date(from), new Date(to), new Date(lastSeen), builder)
        : loadSegmentTails(this.db, projectId, new Date(from), new Date(to), new Date(tail), new Date(Math.max(lastSeen, tail)), builder);
      p = rows.then(() => {
        const versions = new Map<number, string>();
        for (let h = from; h < to; h += HOUR) versions.set(h, wanted.get(h) ?? '0');
        const segs = builder.finish(versions);
        this.counters.segmentsLoaded += segs.length;
        this.counters.eventsLoaded += builder.events;
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
