import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { testDb } from '../../test/support.ts';
import { insertEvents } from './insertEvents.ts';
import type { NewEvent } from './eventRow.ts';

function event(projectId: string, sessionId: string, at: number, over: Partial<NewEvent> = {}): NewEvent {
  return {
    projectId, id: randomUUID(), createdAt: new Date(at).toISOString(), sessionId, eventType: 'pageview', eventName: null,
    props: null, path: '/', referrerPath: null, targetPath: null, country: null, region: null, regionCode: null, city: null,
    asn: null, asOrganization: null, browser: null, os: null, deviceType: null, isBot: false, botName: null, isVpn: false,
    locale: null, trafficSource: null, utmSource: null, utmMedium: null, utmCampaign: null, userAgent: null, isInternal: false,
    ...over,
  };
}

describe('insertEvents keeps the rollups equal to the raw events', () => {
  let db: Knex;
  let projectId: string;
  beforeAll(async () => {
    db = await testDb();
    [{ id: projectId }] = await db('analytics_projects').insert({ name: 'rollup', domains: [`rollup-${randomUUID()}.test`] }).returning('id');
  });
  afterAll(async () => db?.destroy());

  it('across batches that split sessions, repeat pages and repeat ids', async () => {
    const base = Date.now() - 2 * 86400_000;
    const sessions = Array.from({ length: 40 }, () => randomUUID());
    const all: NewEvent[] = [];
    for (let i = 0; i < 400; i++) {
      const s = i % 40;
      all.push(event(projectId, sessions[s]!, base + i * 60_000, {
        path: `/p${i % 7}`, eventType: i % 9 === 0 ? 'event' : 'pageview', eventName: i % 9 === 0 ? 'Signup' : null,
        isBot: s % 5 === 0, isInternal: s % 7 === 0, isVpn: s % 3 === 0, trafficSource: s % 2 ? 'google' : null,
      }));
    }
    // Three batches, the same sessions in each, one batch replayed (duplicates are skipped).
    expect(await insertEvents(db, all.slice(0, 150))).toBe(150);
    expect(await insertEvents(db, all.slice(150, 300))).toBe(150);
    expect(await insertEvents(db, all.slice(100, 400))).toBe(100);

    const [h] = (await db('analytics_hourly').where({ project_id: projectId })
      .sum({ visitors: 'visitors', pageviews: 'pageviews', events: 'events', bounces: 'bounces', duration: 'duration_ms' })) as any[];
    const { rows: [truth] } = await db.raw(
      `SELECT count(*)::int AS visitors, sum(pageviews)::int AS pageviews, sum(events)::int AS events,
         count(*) FILTER (WHERE pageviews + events <= 1)::int AS bounces,
         sum(extract(epoch FROM last_seen_at - started_at) * 1000)::bigint AS duration
       FROM analytics_sessions WHERE project_id = ?`, [projectId]);
    expect(Number(h.visitors)).toBe(40);
    expect({ visitors: Number(h.visitors), pageviews: Number(h.pageviews), events: Number(h.events), bounces: Number(h.bounces), duration: Number(h.duration) })
      .toEqual({ ...truth, duration: Number(truth.duration) });

    const pages = await db('analytics_page_daily').where({ project_id: projectId }).select('path').sum({ pv: 'pageviews', v: 'visitors' }).groupBy('path').orderBy('path');
    const { rows: pageTruth } = await db.raw(
      `SELECT path, count(*)::int AS pv, count(DISTINCT session_id)::int AS v FROM analytics_events
       WHERE project_id = ? AND event_type = 'pageview' GROUP BY path ORDER BY path`, [projectId]);
    expect(pages.map((p: any) => ({ path: p.path, pv: Number(p.pv), v: Number(p.v) }))).toEqual(pageTruth);
    const hourlyPv = await db('analytics_page_hourly').where({ project_id: projectId }).sum({ n: 'pageviews' });
    expect(Number(hourlyPv[0]!.n)).toBe(pageTruth.reduce((n: number, p: any) => n + p.pv, 0));

    const sources = await db('analytics_source_hourly').where({ project_id: projectId }).select('traffic_source').sum({ n: 'visitors' }).groupBy('traffic_source').orderBy('traffic_source');
    expect(sources.map((s: any) => [s.traffic_source, Number(s.n)])).toEqual([['direct', 20], ['google', 20]]);
  });

  it('stores any string a beacon can carry, and one bad value never fails the batch', async () => {
    const sessionId = randomUUID();
    const at = Date.now() - 3600_000;
    const odd = [
      'NULL', '', 'a,b', '{x}', 'say "hi"', 'back\\slash\\', 'tab\tnew\nline', 'ünïcödé ✓ 🎉', 'nul\u0000byte', 'lone \ud800 surrogate',
    ];
    const batch = odd.map((v, i) => event(projectId, sessionId, at + i, {
      eventType: 'event', eventName: v || 'empty', path: `/odd/${i}`, utmSource: v, utmCampaign: v === 'NULL' ? null : v,
      props: { [v || 'k']: v, n: i, ok: true }, userAgent: v,
    }));
    expect(await insertEvents(db, batch)).toBe(odd.length);
    const rows = await db('analytics_events').where({ project_id: projectId, session_id: sessionId }).orderBy('created_at')
      .select('event_name', 'utm_source', 'utm_campaign', 'props', 'user_agent');
    const stored = (v: string) => v.replace(/\u0000/g, '').toWellFormed();
    expect(rows).toEqual(odd.map((v) => ({
      event_name: stored(v || 'empty'), utm_source: stored(v), utm_campaign: v === 'NULL' ? null : stored(v),
      props: { [stored(v || 'k')]: stored(v), n: odd.indexOf(v), ok: true }, user_agent: stored(v),
    })));
  });
});
