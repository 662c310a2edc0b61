import { DailyTable } from './types.ts';

/** One event row of an event-level export (Umami, GA4), in this service's words. */
export interface ImportedEvent {
  at: number;
  visitorId: string;
  visitId: string;
  kind: 'pageview' | 'event';
  path: string;
  /** Custom events only. */
  name: string | null;
  /** The visit's source is its earliest event's (null: direct); later events' referrers are the site's own pages. */
  source: string | null;
  /** The other visit attributes: any event of the visit that carries one. */
  country: string;
  browser: string;
  os: string;
  device: string;
}

interface Visit {
  first: number;
  last: number;
  visitorId: string;
  pageviews: number;
  events: number;
  source: string | null;
  country: string;
  browser: string;
  os: string;
  device: string;
}

const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * Event rows summed into daily aggregates the way the collector counts: a visit
 * counts on the UTC day it started, with its page views, duration (first to last
 * event) and whether it bounced (one page view and nothing else); page views and
 * custom events count on their own day; visitors are distinct visitor ids per day
 * and value. Rows may come in any order.
 */
export class VisitAggregator {
  private readonly visits = new Map<string, Visit>();
  private readonly pageRows = new Map<string, { pageviews: number; visits: Set<string>; visitors: Set<string> }>();
  private readonly eventRows = new Map<string, { events: number; visits: Set<string>; visitors: Set<string> }>();

  add(e: ImportedEvent): void {
    let v = this.visits.get(e.visitId);
    if (!v) {
      v = { first: e.at, last: e.at, visitorId: e.visitorId, pageviews: 0, events: 0, source: e.source, country: '', browser: '', os: '', device: '' };
      this.visits.set(e.visitId, v);
    }
    if (e.at < v.first) {
      v.first = e.at;
      v.source = e.source;
    }
    if (e.at > v.last) v.last = e.at;
    v.country ||= e.country;
    v.browser ||= e.browser;
    v.os ||= e.os;
    v.device ||= e.device;
    const day = utcDay(e.at);
    if (e.kind === 'pageview') {
      v.pageviews++;
      const key = `${day}\u0000${e.path}`;
      let p = this.pageRows.get(key);
      if (!p) this.pageRows.set(key, (p = { pageviews: 0, visits: new Set(), visitors: new Set() }));
      p.pageviews++;
      p.visits.add(e.visitId);
      p.visitors.add(e.visitorId);
    } else {
      v.events++;
      const key = `${day}\u0000${e.name ?? '(not set)'}`;
      let c = this.eventRows.get(key);
      if (!c) this.eventRows.set(key, (c = { events: 0, visits: new Set(), visitors: new Set() }));
      c.events++;
      c.visits.add(e.visitId);
      c.visitors.add(e.visitorId);
    }
  }

  into(table: DailyTable): void {
    const visitors = new Map<string, Set<string>>();
    const seen = (day: string, dim: string, value: string, visitorId: string) => {
      const key = `${day}\u0000${dim}\u0000${value}`;
      let s = visitors.get(key);
      if (!s) visitors.set(key, (s = new Set()));
      const fresh = !s.has(visitorId);
      s.add(visitorId);
      return fresh ? 1 : 0;
    };
    for (const v of this.visits.values()) {
      // A visit of custom events only (no page view) is no session on the stats routes either.
      if (v.pageviews === 0) continue;
      const day = utcDay(v.first);
      const counts = { visits: 1, pageviews: v.pageviews, bounces: v.pageviews === 1 && v.events === 0 ? 1 : 0, durationS: Math.round((v.last - v.first) / 1000) };
      table.add(day, 'total', '', { ...counts, visitors: seen(day, 'total', '', v.visitorId) });
      const dims = [['source', v.source ?? 'direct'], ['country', v.country], ['browser', v.browser], ['os', v.os], ['device', v.device]] as const;
      for (const [dim, value] of dims) table.add(day, dim, value, { ...counts, visitors: seen(day, dim, value, v.visitorId) });
    }
    for (const [key, p] of this.pageRows) {
      const [day, path] = key.split('\u0000') as [string, string];
      table.add(day, 'page', path, { pageviews: p.pageviews, visits: p.visits.size, visitors: p.visitors.size });
    }
    for (const [key, c] of this.eventRows) {
      const [day, name] = key.split('\u0000') as [string, string];
      table.add(day, 'event', name, { events: c.events, visits: c.visits.size, visitors: c.visitors.size });
      table.add(day, 'total', '', { events: c.events });
    }
  }
}
