import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { testDb } from '../../test/support.ts';
import { insertEvents } from '../../db/analytics/insertEvents.ts';
import { copyRows } from '../../db/analytics/copyRows.ts';
import type { NewEvent } from '../../db/analytics/eventRow.ts';
import { VISIT_DIMS, SegmentStore, dictOf, dicts, sessionId, type Segment } from './store.ts';
import { newEvent as event } from '../../test/fixtures/analyticsEvent.ts';

// The segment load (binary COPY decoded into the columns, events matched to their
// sessions in the store) against a plain SQL reading of the same rows: every session's
// fields and every event, in order, for sessions spread over hours, events of sessions
// started before the loaded hours, ids sharing their first four bytes, ties in time,
// multi-byte and very long values (rows that span many of the chunks the COPY arrives
// in), props and revenue.
const HOUR = 3600_000;
const base = Math.floor(Date.now() / HOUR) * HOUR - 30 * HOUR;

/** A segment's sessions and events as plain values. */
function read(seg: Segment) {
  return Array.from({ length: seg.n }, (_, s) => ({
    id: sessionId(seg, s), start: seg.start[s], end: seg.end[s], cls: seg.cls[s], pv: seg.pv[s], ce: seg.ce[s],
    dims: Object.fromEntries(VISIT_DIMS.filter((d) => d !== 'channel' && d !== 'channel_group').map((d) => [d, dictOf(d).values[seg.dims[d][s]!] ?? null])),
    events: Array.from({ length: seg.evOff[s + 1]! - seg.evOff[s]! }, (_, k) => {
      const e = seg.evOff[s]! + k;
      const props: [string, string][] = [];
      for (let q = seg.propOff[e]!; q < seg.propOff[e + 1]!; q++) props.push([dicts.propKey.values[seg.propKey[q]!]!, dicts.propValue.values[seg.propVal[q]!]!]);
      const revenue = seg.revAmount && !Number.isNaN(seg.revAmount[e]) ? [seg.revAmount[e], dicts.currency.values[seg.revCurrency![e]!]] : null;
      return { at: seg.evAt[e], name: dicts.name.values[seg.evName[e]!], path: dicts.page.values[seg.evPath[e]!], props, revenue };
    }),
  }));
}

/** What the segments of [from, to) must hold, read with plain SQL. */
async function expected(db: Knex, projectId: string, from: number, to: number) {
  const { rows: sessions } = await db.raw(
    `SELECT id::text, (extract(epoch FROM started_at) * 1000)::float8 AS start, (extract(epoch FROM last_seen_at) * 1000)::float8 AS end,
       is_bot, is_internal, is_vpn, traffic_source, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content,
       country, region_code, city, device_type, browser, os, locale
     FROM analytics_sessions WHERE project_id = ? AND started_at >= ? AND started_at < ? ORDER BY started_at, id`, [projectId, new Date(from), new Date(to)]);
  const { rows: events } = await db.raw(
    `SELECT session_id::text, (extract(epoch FROM created_at) * 1000)::float8 AS at, event_type, event_name, path, props::text,
       revenue_amount::float8 AS amount, revenue_currency
     FROM analytics_events WHERE project_id = ? ORDER BY session_id, created_at, id`, [projectId]);
  const hours = new Map<number, unknown[]>();
  for (const s of sessions) {
    const evs = events.filter((e: any) => e.session_id === s.id);
    const pages = evs.filter((e: any) => e.event_type === 'pageview').map((e: any) => e.path);
    const hour = Math.floor(s.start / HOUR) * HOUR;
    if (!hours.has(hour)) hours.set(hour, []);
    hours.get(hour)!.push({
      id: s.id, start: s.start, end: s.end, cls: (s.is_bot ? 1 : 0) | (s.is_internal ? 2 : 0) | (s.is_vpn ? 4 : 0),
      pv: pages.length, ce: evs.length - pages.length,
      dims: {
        source: s.traffic_source ?? 'direct', referrer: s.referrer, utm_source: s.utm_source, utm_medium: s.utm_medium, utm_campaign: s.utm_campaign,
        utm_term: s.utm_term, utm_content: s.utm_content, country: s.country, region: s.region_code, city: s.city, device: s.device_type,
        browser: s.browser, os: s.os, locale: s.locale ? s.locale.toLowerCase() : null, entry_page: pages[0] ?? null, exit_page: pages.at(-1) ?? null,
      },
      events: evs.map((e: any) => ({
        at: e.at, name: e.event_type === 'pageview' ? 'pageview' : e.event_name, path: e.path,
        props: Object.entries(e.props ? JSON.parse(e.props) : {}).map(([k, v]) => [k, String(v)]),
        revenue: e.amount === null ? null : [e.amount, e.revenue_currency],
      })),
    });
  }
  for (const list of hours.values()) (list as { id: string }[]).sort((a, b) => (a.id < b.id ? -1 : 1));
  return hours;
}

describe('the segment load', () => {
  let db: Knex;
  let projectId: string;
  beforeAll(async () => {
    db = await testDb();
    [{ id: projectId }] = await db('analytics_projects').insert({ name: 'segload', domains: [`segload-${randomUUID()}.test`] }).returning('id');
    const rows: NewEvent[] = [];
    // 600 sessions over 6 hours, 1 to 8 events each, some of them an hour or more later.
    for (let i = 0; i < 600; i++) {
      // Ids that share their first bytes, ten an hour: their order is decided by the rest.
      const id = i % 10 === 0 ? `00000000${randomUUID().slice(8)}` : randomUUID();
      const start = base + i * 36_000 + (i % 7) * 1000;
      const common: Partial<NewEvent> = {
        country: ['DE', 'US', null][i % 3]!, regionCode: i % 3 === 0 ? 'DE-BY' : null, region: i % 3 === 0 ? 'Bavaria' : null, city: i % 4 ? 'München' : null,
        trafficSource: i % 5 ? 'google' : null, utmSource: i % 6 === 0 ? 'letter' : null, utmMedium: i % 6 === 0 ? 'email' : null,
        utmCampaign: i % 12 === 0 ? 'winter' : null, utmTerm: i % 11 === 0 ? 'shoes' : null, utmContent: i % 13 === 0 ? 'banner' : null,
        locale: i % 2 ? 'de-DE' : 'EN-us', browser: 'Firefox', os: i % 2 ? 'Linux' : 'macOS', deviceType: i % 3 ? 'desktop' : 'mobile',
        isBot: i % 17 === 0, isVpn: i % 19 === 0,
      };
      for (let k = 0; k < 1 + (i % 8); k++) {
        // Two events of a session at the same millisecond: their order is their ids'.
        const at = start + (k === 2 ? 60_000 : k * 60_000) + (k === 7 ? 2 * HOUR : 0);
        const custom = k % 3 === 1;
        rows.push(event(projectId, id, at, {
          ...common,
          referrerPath: k === 0 && i % 4 === 0 ? 'news.example' : null,
          eventType: custom ? 'event' : 'pageview', eventName: custom ? (i % 10 === 1 ? 'pageview' : 'Signup ✓') : null,
          path: i === 5 && k === 0 ? `/long/${'ü'.repeat(150_000)}` : `/docs/${(i * 7 + k) % 40}/${k % 2 ? 'straße' : '日本'}`,
          props: custom ? { plan: i % 2 ? 'pro' : 'free', seats: i % 9, trial: i % 2 === 0 } : null,
          revenueAmount: custom && i % 4 === 1 ? (i % 8 === 1 ? 12.5 : 0.1) : null, revenueCurrency: custom && i % 4 === 1 ? (i % 8 === 1 ? 'EUR' : null) : null,
          isInternal: k === 3 && i % 10 === 3,
        }));
      }
    }
    for (let i = 0; i < rows.length; i += 1000) await insertEvents(db, rows.slice(i, i + 1000));
  });
  afterAll(async () => db?.destroy());

  it('holds every session and event a plain SQL reading gives, hour by hour', async () => {
    // Hours 2-4 alone: sessions started in hours 0-1 have events in them, which stay out.
    for (const [from, to] of [[base, base + 8 * HOUR], [base + 2 * HOUR, base + 5 * HOUR]] as const) {
      const store = new SegmentStore(db);
      const segs = await store.segments(projectId, from, to);
      // With the hours before `from` whose sessions reach into it, loaded whole (and the hour starting at `to`).
      const first = Math.min(...segs.map((s) => s.hour));
      expect(first < from).toBe(from > base);
      const want = await expected(db, projectId, first, Math.max(...segs.map((s) => s.hour)) + HOUR);
      const got = new Map(segs.map((s) => [s.hour, read(s)]));
      expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
      for (const [hour, list] of want) expect(got.get(hour)).toEqual(list);
      expect(store.counters.eventsLoaded).toBe([...got.values()].flat().reduce((n, s) => n + s.events.length, 0));
    }
  });

  it('reports an error PostgreSQL raises midway, or a row it cannot read, and leaves the connection usable', async () => {
    const seen: number[] = [];
    const read = (row: { buf: Buffer; at: Int32Array }) => seen.push(row.buf.readInt32BE(row.at[0]!));
    await db.transaction(async (trx) => {
      // Division by zero on the third row: two rows are handed over, then the error.
      await expect(copyRows(trx, 'COPY (SELECT 6 / (3 - g) FROM generate_series(1, 5) g) TO STDOUT (FORMAT binary)', 1, read)).rejects.toThrow(/division by zero/);
    }).catch(() => {});
    expect(seen).toEqual([3, 6]);
    await db.transaction(async (trx) => {
      await expect(copyRows(trx, 'COPY (SELECT 1, 2) TO STDOUT (FORMAT binary)', 1, read)).rejects.toThrow(/2 fields, 1 expected/);
      // The COPY was read to its end: the transaction goes on.
      expect((await trx.raw('SELECT 41 + 1 AS n')).rows[0].n).toBe(42);
    });
  });

  it('reads a period starting inside the hours before it as their tails', async () => {
    const tail = base + 2 * HOUR + 30 * 60_000;
    const store = new SegmentStore(db);
    const segs = await store.segments(projectId, tail, base + 8 * HOUR, { tail });
    const want = await expected(db, projectId, base, base + 3 * HOUR);
    const early = segs.filter((s) => s.hour < tail);
    expect(early.length).toBeGreaterThan(0);
    for (const seg of early) {
      expect(seg.tail).toBe(tail);
      // The sessions last seen from the tail on, with their events from it on.
      const whole = (want.get(seg.hour) ?? []) as ReturnType<typeof read>;
      const kept = whole.filter((s) => s.end! >= tail).map((s) => ({ id: s.id, events: s.events.filter((e) => e.at! >= tail) }));
      expect(read(seg).map((s) => ({ id: s.id, events: s.events }))).toEqual(kept);
    }
  });
});
