import type { Knex } from 'knex';
import { listSegmentVersions } from '../../db/analytics/listSegmentVersions.ts';
import { loadSegments } from '../../db/analytics/loadSegments.ts';
import { listActiveProjects } from '../../db/analytics/listActiveProjects.ts';
import { channelGroupOf, channelOf } from '../channels.ts';

/**
 * The query layer's copy of the data: per project, one *segment* per UTC hour,
 * holding the sessions that started in that hour with all their events, as
 * dictionary-coded columns. Every stats number is computed from these by
 * analytics/query/stats.ts. PostgreSQL stays the record: a segment is (re)loaded
 * when its version in analytics_segments (bumped by the statement that writes its
 * events, late and imported ones included) differs from the copy's.
 */

/** Strings seen by this process, one dictionary per kind of value; code 0 is null. */
export class Dict {
  readonly values: (string | null)[];
  private readonly index = new Map<string, number>();
  constructor(zero: string | null = null) {
    this.values = [zero];
    if (zero !== null) this.index.set(zero, 0);
  }
  code(v: string | null | undefined): number {
    if (v === null || v === undefined) return 0;
    let c = this.index.get(v);
    if (c === undefined) {
      c = this.values.push(v) - 1;
      this.index.set(v, c);
    }
    return c;
  }
  find(v: string): number | undefined {
    return this.index.get(v);
  }
  get size(): number {
    return this.values.length;
  }
}

export const VISIT_DIMS = [
  'source', 'channel', 'channel_group', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content',
  'country', 'region', 'city', 'device', 'browser', 'os', 'locale', 'entry_page', 'exit_page',
] as const;
export type VisitDim = (typeof VISIT_DIMS)[number];

/** Pages share one dictionary (event:page, entry and exit pages); custom event names code 0 as "pageview". */
export const dicts = {
  page: new Dict(),
  name: new Dict('pageview'),
  propKey: new Dict(),
  propValue: new Dict(),
  currency: new Dict(),
  source: new Dict(),
  channel: new Dict(),
  channel_group: new Dict(),
  referrer: new Dict(),
  utm_source: new Dict(),
  utm_medium: new Dict(),
  utm_campaign: new Dict(),
  utm_term: new Dict(),
  utm_content: new Dict(),
  country: new Dict(),
  region: new Dict(),
  city: new Dict(),
  device: new Dict(),
  browser: new Dict(),
  os: new Dict(),
  locale: new Dict(),
};
export function dictOf(dim: VisitDim): Dict {
  return dim === 'entry_page' || dim === 'exit_page' ? dicts.page : dicts[dim];
}
/** ISO 3166-2 code -> subdivision name, as stored with the sessions. */
export const regionNames = new Map<string, string>();

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
      reach: -Infinity,
    };
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

interface ProjectCache {
  segments: Map<number, Segment>;
  loading: Map<string, Promise<Segment[]>>;
  /** By the UTC day's start. */
  rollups: Map<number, Rollup>;
}

/** Per-process copies, least recently used project first out past the event budget. */
export class SegmentStore {
  private readonly projects = new Map<string, ProjectCache>();
  private readonly budget: number;
  private readonly db: Knex;
  constructor(db: Knex, opts: { maxEvents?: number } = {}) {
    this.db = db;
    this.budget = opts.maxEvents ?? 40_000_000;
  }

  private cacheOf(projectId: string): ProjectCache {
    let c = this.projects.get(projectId);
    if (c) {
      this.projects.delete(projectId);
    } else {
      c = { segments: new Map(), loading: new Map(), rollups: new Map() };
    }
    this.projects.set(projectId, c);
    return c;
  }

  /** The current segments whose sessions reach into [from, to), loading what is missing or stale. */
  async segments(projectId: string, from: number, to: number): Promise<Segment[]> {
    const versions = await listSegmentVersions(this.db, projectId, new Date(from), new Date(to));
    const cache = this.cacheOf(projectId);
    const wanted = new Map<number, string>();
    const reach = new Map<number, number>();
    const out: Segment[] = [];
    const stale: number[] = [];
    for (const v of versions) {
      wanted.set(v.hour, v.version);
      reach.set(v.hour, v.lastSeen);
      const seg = cache.segments.get(v.hour);
      if (seg && seg.version === v.version) out.push(seg);
      else stale.push(v.hour);
    }
    // Contiguous stale hours load together, in runs of at most a week.
    const runs: [number, number][] = [];
    for (const h of stale) {
      const last = runs[runs.length - 1];
      if (last && last[1] === h && h - last[0] < 7 * 86400_000) last[1] = h + HOUR;
      else runs.push([h, h + HOUR]);
    }
    const loaded = await Promise.all(runs.map(([a, b]) => {
      let last = a;
      for (let h = a; h < b; h += HOUR) last = Math.max(last, reach.get(h) ?? h);
      return this.load(projectId, cache, a, b, last, wanted);
    }));
    // An hour whose sessions all moved away (an earlier imported event) has nothing left.
    for (const h of stale) cache.segments.delete(h);
    for (const segs of loaded) {
      for (const seg of segs) {
        const known = cache.segments.get(seg.hour);
        if (!known || BigInt(known.version) < BigInt(seg.version)) cache.segments.set(seg.hour, seg);
        out.push(seg);
      }
    }
    this.evict();
    return out;
  }

  private load(projectId: string, cache: ProjectCache, from: number, to: number, lastSeen: number, wanted: Map<number, string>): Promise<Segment[]> {
    const key = `${from}:${to}:${wanted.get(from)}`;
    let p = cache.loading.get(key);
    if (!p) {
      p = loadSegments(this.db, projectId, new Date(from), new Date(to), new Date(lastSeen)).then(({ sessions, events }) => {
        const versions = new Map<number, string>();
        for (let h = from; h < to; h += HOUR) versions.set(h, wanted.get(h) ?? '0');
        return buildSegments(sessions, events, versions);
      });
      cache.loading.set(key, p);
      void p.finally(() => cache.loading.delete(key)).catch(() => {});
    }
    return p;
  }

  private evict(): void {
    let total = 0;
    for (const c of this.projects.values()) for (const s of c.segments.values()) total += s.events + s.n;
    for (const [id, c] of this.projects) {
      if (total <= this.budget || this.projects.size === 1) break;
      for (const s of c.segments.values()) total -= s.events + s.n;
      this.projects.delete(id);
    }
  }

  /**
   * Loads the last `days` of the projects active in the last day, one after another,
   * so the first dashboard view after a restart does not wait for its segments;
   * `then` runs after each (the service tallies the rollups of the default view).
   * Runs in the background; a failure only means the first query loads them.
   * Stops between projects once `signal` aborts (the service is stopping).
   */
  async warm(days: number, maxProjects = 50, then?: (projectId: string) => Promise<unknown>, signal?: AbortSignal): Promise<void> {
    const now = Date.now();
    for (const projectId of await listActiveProjects(this.db, new Date(now - 86400_000), maxProjects)) {
      if (signal?.aborted) return;
      await this.segments(projectId, now - days * 86400_000, now);
      await then?.(projectId);
    }
  }

  /** The project's day rollups; they go when the project's copies go. */
  rollups(projectId: string): Map<number, Rollup> {
    return (this.projects.get(projectId) ?? this.cacheOf(projectId)).rollups;
  }

  /** Drops a project's copies (retention deleted its old data). */
  forget(projectId: string): void {
    this.projects.delete(projectId);
  }
}
