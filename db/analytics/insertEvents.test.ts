import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { testDb } from '../../test/support.ts';
import { insertEvents, insertLiveEvents } from './insertEvents.ts';
import type { NewEvent } from './eventRow.ts';
import { newEvent as event } from '../../test/fixtures/analyticsEvent.ts';

describe('insertEvents keeps sessions and segment versions in step with the raw events', () => {
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

    const { rows: [truth] } = await db.raw(
      `SELECT count(DISTINCT session_id)::int AS sessions, count(*) FILTER (WHERE event_type = 'pageview')::int AS pageviews,
         count(*) FILTER (WHERE event_type <> 'pageview')::int AS events
       FROM analytics_events WHERE project_id = ?`, [projectId]);
    const [totals] = (await db('analytics_sessions').where({ project_id: projectId })
      .count({ n: '*' }).sum({ pageviews: 'pageviews', events: 'events' })) as any[];
    expect(truth).toEqual({ sessions: 40, pageviews: Number(totals.pageviews), events: Number(totals.events) });
    expect(Number(totals.n)).toBe(40);
    // Every session's start hour has a segment version, and the last batch bumped each one it touched.
    const segs = await db('analytics_segments').where({ project_id: projectId }).select('hour', 'version');
    const { rows: hours } = await db.raw(`SELECT DISTINCT date_trunc('hour', started_at, 'UTC') AS hour FROM analytics_sessions WHERE project_id = ?`, [projectId]);
    expect(segs.map((s: any) => s.hour.getTime()).sort()).toEqual(hours.map((h: any) => h.hour.getTime()).sort());
  });

  it.each([
    ['insertEvents', (db: Knex, batch: NewEvent[]) => insertEvents(db, batch)],
    ['insertLiveEvents', (db: Knex, batch: NewEvent[]) => insertLiveEvents(db, batch)],
  ] as const)('%s bumps the version of every segment a batch touches, and only those', async (_name, write) => {
    const base = Date.now() - 5 * 3600_000;
    const s1 = randomUUID();
    const s2 = randomUUID();
    const s3 = randomUUID();
    await write(db, [event(projectId, s1, base), event(projectId, s2, base + 2 * 3600_000), event(projectId, s3, base - 3 * 3600_000)]);
    const versions = async () => new Map((await db('analytics_segments').where({ project_id: projectId })).map((r: any) => [r.hour.getTime(), r.version]));
    const before = await versions();
    // A late event of session 1 (three hours after its start) changes session 1's segment only.
    await write(db, [event(projectId, s1, base + 3 * 3600_000)]);
    const after = await versions();
    const h1 = Math.floor(base / 3600_000) * 3600_000;
    const h2 = Math.floor((base + 2 * 3600_000) / 3600_000) * 3600_000;
    const h3 = Math.floor((base - 3 * 3600_000) / 3600_000) * 3600_000;
    expect(BigInt(after.get(h1))).toBeGreaterThan(BigInt(before.get(h1)));
    expect(after.get(h2)).toBe(before.get(h2));
    expect(after.get(h3)).toBe(before.get(h3));
    const seg1 = await db('analytics_segments').where({ project_id: projectId, hour: new Date(h1) }).first();
    expect(seg1.last_seen_at.getTime()).toBe(base + 3 * 3600_000);
    // An event earlier than its stored session (imported, or a live batch another process
    // wrote late) moves the session to an earlier segment: both versions change, and a
    // segment none of the batch's sessions left or entered keeps its version.
    await write(db, [event(projectId, s2, base - 3600_000), event(projectId, randomUUID(), base - 3600_000)]);
    const moved = await versions();
    expect(moved.get(h2)).not.toBe(after.get(h2));
    expect(moved.has(h1 - 3600_000)).toBe(true);
    expect(moved.get(h1)).toBe(after.get(h1));
    expect(moved.get(h3)).toBe(after.get(h3));
  });

  it('a session is internal (or a bot) as soon as any of its events is', async () => {
    const sessionId = randomUUID();
    const at = Date.now() - 3600_000;
    await insertEvents(db, [event(projectId, sessionId, at), event(projectId, sessionId, at + 1000)]);
    await insertEvents(db, [event(projectId, sessionId, at + 2000, { isInternal: true })]);
    const row = await db('analytics_sessions').where({ project_id: projectId, id: sessionId }).first();
    expect(row).toMatchObject({ is_internal: true, is_bot: false, pageviews: 3 });
  });

  it.each([
    ['insertEvents', (db: Knex, batch: NewEvent[]) => insertEvents(db, batch)],
    ['insertLiveEvents', (db: Knex, batch: NewEvent[]) => insertLiveEvents(db, batch)],
  ] as const)('%s stores any string a beacon can carry, and one bad value never fails the batch', async (_name, write) => {
    const sessionId = randomUUID();
    const at = Date.now() - 3600_000;
    const odd = [
      'NULL', '', 'a,b', '{x}', 'say "hi"', 'back\\slash\\', 'tab\tnew\nline', 'cr\rlf\r\n', '\\N', 'ünïcödé ✓ 🎉', 'nul\u0000byte', 'lone \ud800 surrogate',
    ];
    const batch = odd.map((v, i) => event(projectId, sessionId, at + i, {
      eventType: 'event', eventName: v || 'empty', path: `/odd/${i}`, utmSource: v, utmCampaign: v === 'NULL' ? null : v,
      props: { [v || 'k']: v, n: i, ok: true }, userAgent: v,
    }));
    await write(db, batch);
    const rows = await db('analytics_events').where({ project_id: projectId, session_id: sessionId }).orderBy('created_at')
      .select('event_name', 'utm_source', 'utm_campaign', 'props', 'user_agent');
    const stored = (v: string) => v.replace(/\u0000/g, '').toWellFormed();
    expect(rows).toEqual(odd.map((v) => ({
      event_name: stored(v || 'empty'), utm_source: stored(v), utm_campaign: v === 'NULL' ? null : stored(v),
      props: { [stored(v || 'k')]: stored(v), n: odd.indexOf(v), ok: true }, user_agent: stored(v),
    })));
    const session = await db('analytics_sessions').where({ project_id: projectId, id: sessionId }).first('events', 'utm_source');
    expect(session).toEqual({ events: odd.length, utm_source: 'NULL' });
  });

  it('insertLiveEvents leaves the same sessions and segments as insertEvents', async () => {
    // Two projects fed the same traffic, one through each statement, over three batches
    // whose sessions span batches, hours and traffic classes, in shuffled order.
    const [{ id: other }] = await db('analytics_projects').insert({ name: 'live', domains: [`live-${randomUUID()}.test`] }).returning('id');
    const [{ id: general }] = await db('analytics_projects').insert({ name: 'general', domains: [`general-${randomUUID()}.test`] }).returning('id');
    const base = Date.now() - 6 * 3600_000;
    const sessions = Array.from({ length: 30 }, () => randomUUID());
    const traffic = Array.from({ length: 300 }, (_, i) => {
      const s = (i * 7) % 30;
      return {
        session: sessions[s]!, at: base + ((i * 37) % 300) * 70_000, over: {
          path: `/p${i % 11}`, eventType: i % 9 === 0 ? 'event' : 'pageview', eventName: i % 9 === 0 ? 'Signup' : null,
          isBot: i % 50 === 3, isInternal: i % 41 === 5, isVpn: s % 4 === 0, trafficSource: i % 3 ? 'google' : null,
          locale: i % 5 === 0 ? null : ['en-gb', 'de', 'fr'][i % 3]!, referrerPath: i % 4 ? null : `https://r${i}.test/`,
          utmSource: i % 6 ? null : 'news', country: i % 7 ? 'DE' : null, browser: `B${s}`,
        } as Partial<NewEvent>,
      };
    });
    for (const [from, to] of [[0, 120], [120, 200], [200, 300]] as const) {
      const slice = traffic.slice(from, to);
      await insertEvents(db, slice.map((t) => event(general, t.session, t.at, t.over)));
      await insertLiveEvents(db, slice.map((t) => event(other, t.session, t.at, t.over)));
    }
    const sessionsOf = async (project: string) => (await db('analytics_sessions').where({ project_id: project }).orderBy('id'))
      .map(({ project_id: _, ...row }: Record<string, unknown>) => row);
    const segmentsOf = async (project: string) => (await db('analytics_segments').where({ project_id: project }).orderBy('hour'))
      .map((r: { hour: Date; last_seen_at: Date }) => [r.hour.getTime(), r.last_seen_at.getTime()]);
    const live = await sessionsOf(other);
    expect(live).toHaveLength(30);
    expect(live).toEqual(await sessionsOf(general));
    expect(await segmentsOf(other)).toEqual(await segmentsOf(general));
    const [{ n }] = await db('analytics_events').where({ project_id: other }).count({ n: '*' });
    expect(Number(n)).toBe(300);
  });

  it('insertLiveEvents stores every revenue amount and currency exactly as the general statement does', async () => {
    const amounts = [0, 0.000001, 5e-7, 1e-7, 12.5, 29.9, -3.25, 1234567.891234, 0.1234565, 999999.9999995, 99999999999999.98, 10000, 0.00015];
    const stored = async (write: (db: Knex, batch: NewEvent[]) => Promise<unknown>) => {
      const sessionId = randomUUID();
      const at = Date.now() - 60_000;
      await write(db, amounts.map((amount, i) => event(projectId, sessionId, at + i, { eventType: 'event', eventName: 'Purchase', revenueAmount: amount, revenueCurrency: 'EUR' })));
      return (await db('analytics_events').where({ project_id: projectId, session_id: sessionId }).orderBy('created_at')
        .select(db.raw('revenue_amount::text AS amount'), 'revenue_currency')).map((r: { amount: string; revenue_currency: string }) => [r.amount, r.revenue_currency]);
    };
    const general = await stored(insertEvents);
    expect(general[4]).toEqual(['12.500000', 'EUR']);
    expect(await stored(insertLiveEvents)).toEqual(general);
    // An amount the column cannot hold is refused by both, with nothing of its batch written.
    const sessionId = randomUUID();
    const tooLarge = event(projectId, sessionId, Date.now(), { revenueAmount: 1e14, revenueCurrency: 'EUR' });
    await expect(insertEvents(db, [tooLarge])).rejects.toThrow(/overflow/);
    await expect(insertLiveEvents(db, [event(projectId, sessionId, Date.now()), { ...tooLarge, id: randomUUID() }])).rejects.toThrow(/overflow/);
    expect(await db('analytics_events').where({ project_id: projectId, session_id: sessionId }).first()).toBeUndefined();
  });

  it('insertLiveEvents refuses a batch holding an id already stored, writing none of it', async () => {
    const first = event(projectId, randomUUID(), Date.now() - 1000);
    await insertLiveEvents(db, [first]);
    const fresh = event(projectId, randomUUID(), Date.now());
    await expect(insertLiveEvents(db, [fresh, first])).rejects.toMatchObject({ code: '23505' });
    expect(await db('analytics_events').where({ project_id: projectId, id: fresh.id }).first()).toBeUndefined();
  });
});
