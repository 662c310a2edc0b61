import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, startAnalytics, type Created } from './testing.ts';
import { parseFilters } from './query/filters.ts';
import { parsePeriod, type Period } from './query/period.ts';
import { SegmentStore } from './query/store.ts';
import { breakdownReport, dashboardReport, funnelReport, goalsReport, type Engine } from './reports.ts';
import { prepare, sessionsPage, type StatsQuery } from './query/stats.ts';
import { runRetention } from './retention.ts';

// The day rollups against the raw walk on one seeded project: every number the
// dashboard call and the funnel give must be the same, for periods that cut days and
// hours (in a zone 5:45 from UTC), traffic toggles, filters, both comparisons, and
// after late and imported events land in days already tallied. Then the same from the
// tallies stored in PostgreSQL, read by a second store over the same database, as a
// new process reads them.
const HOUR = 3600_000;
const DAY = 86400_000;
const day0 = Math.floor(Date.now() / DAY) * DAY - 4 * DAY;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

interface S {
  id: string;
  start: number;
  rows: Record<string, unknown>[];
}

// A session every 47 minutes for three and a half days.
const sessions: S[] = Array.from({ length: 107 }, (_, i) => {
  const id = randomUUID();
  const start = day0 + 20 * 60_000 + i * 47 * 60_000;
  const common = {
    sessionId: id, country: ['DE', 'US', 'FR', 'NP'][i % 4], trafficSource: ['google', 'direct', 'news.example', 'bing'][i % 4],
    utmMedium: i % 5 === 0 ? 'email' : null, utmSource: i % 5 === 0 ? 'letter' : null, isBot: i % 9 === 0, isVpn: i % 13 === 0,
    userAgent: FIREFOX, locale: i % 2 ? 'de' : 'en-us',
  };
  const pages = ['/', ...(i % 2 ? ['/pricing'] : []), ...(i % 3 ? [`/docs/${i % 7}`] : [])];
  const rows: Record<string, unknown>[] = pages.map((path, k) => ({ ...common, id: randomUUID(), createdAt: new Date(start + k * 90_000).toISOString(), eventType: 'pageview', path }));
  if (i % 4 === 1) {
    rows.push({ ...common, id: randomUUID(), createdAt: new Date(start + 6 * 60_000).toISOString(), eventType: 'event', eventName: 'Signup', path: '/pricing',
      props: { plan: i % 8 === 1 ? 'free' : 'pro' }, ...(i % 8 === 5 ? { revenueAmount: 12.5, revenueCurrency: 'EUR' } : { revenueAmount: 7.25, revenueCurrency: 'USD' }) });
  }
  // Sessions crossing an hour, one marked internal late.
  if (i % 6 === 2) rows.push({ ...common, id: randomUUID(), createdAt: new Date(start + 70 * 60_000).toISOString(), eventType: 'pageview', path: '/late', isInternal: i % 12 === 2 });
  return { id, start, rows };
});

// Hours holding several sessions of very different lengths: an hour's reach is its
// longest session's end, its other sessions end much earlier.
for (let h = 0; h < 6; h++) {
  for (const [k, minutes] of [4, 150, 45].entries()) {
    const id = randomUUID();
    const start = day0 + 40 * HOUR + h * HOUR + (5 + 5 * k) * 60_000;
    const common = { sessionId: id, country: 'DE', trafficSource: 'google', userAgent: FIREFOX };
    sessions.push({ id, start, rows: [0, minutes].map((m) => ({ ...common, id: randomUUID(), createdAt: new Date(start + m * 60_000).toISOString(), eventType: 'pageview', path: `/burst/${k}` })) });
  }
}

describe('day rollups give exactly what the raw walk gives', () => {
  let svc: Awaited<ReturnType<typeof startAnalytics>>;
  let p: Created;
  let call: ReturnType<typeof api>;
  let store: SegmentStore;

  const importRows = async (rows: Record<string, unknown>[]) => {
    const res = await call('/v1/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events: rows }) });
    expect(res.status).toBe(200);
    expect((await res.json()).skippedInvalid).toBe(0);
  };

  beforeAll(async () => {
    svc = await startAnalytics();
    p = await createProject(svc.url);
    call = api(svc.url, p.apiKey);
    await importRows(sessions.flatMap((s) => s.rows));
    store = newStore();
  });

  // Writes a tally as soon as its day or hour ends (the service waits until it settles),
  // so what is stored does not depend on the hour the test runs at.
  const newStore = (maxBytes = 64 * 1024 * 1024, inlineChars?: number) => new SegmentStore(svc.db, { maxBytes, now: () => Date.now() + 2 * DAY, inlineChars });
  const stored = async () => (await svc.db('analytics_stored_tallies').where('project_id', p.project.id)
    .select(svc.db.raw('(extract(epoch FROM start_at) * 1000)::float8 AS start'), 'hours', 'left_out', 'aggregation', 'signature')) as
    { start: number; hours: number; left_out: number; aggregation: string; signature: string }[];
  const q30 = (): StatsQuery => ({ projectId: p.project.id, period: parsePeriod({ period: '30d' }), includeBots: false, includeInternal: false, filters: [] });
  afterAll(async () => svc?.close());

  const periods = (): Period[] => [
    { name: 'custom', from: day0 - 2 * HOUR, to: Date.now() + HOUR, timeZone: 'UTC' },
    // Cuts hours and days, in a zone whose days start at a quarter hour.
    { name: 'custom', from: day0 + 30 * HOUR + 7 * 60_000, to: day0 + 70 * HOUR + 3 * 60_000, timeZone: 'Asia/Kathmandu' },
    { name: 'custom', from: day0 + DAY, to: day0 + 3 * DAY, timeZone: 'America/New_York' },
    // Ends 40 minutes into session 50, whose hour is whole in the period but whose last page view is after it.
    { name: 'custom', from: day0 + DAY, to: sessions[50]!.start + 40 * 60_000, timeZone: 'UTC' },
    parsePeriod({ period: '30d' }),
  ];
  const FILTERS = ['[]', '[["is_not","visit:country",["US"]]]', '[["contains","event:page",["docs"]]]'];
  const steps = [{ page: '/' }, { page: '/docs/**' }, { event: 'Signup' }];

  async function compareAll(label: string, on = store, after?: () => void, filterSets = FILTERS) {
    let answered = 0;
    for (const period of periods()) {
      for (const filters of filterSets) {
        for (const [includeBots, includeInternal] of [[false, false], [true, true]] as const) {
          for (const compare of [null, 'previous_period'] as const) {
            const q: StatsQuery = { projectId: p.project.id, period, includeBots, includeInternal, filters: parseFilters(filters) };
            const fast: Engine = { db: svc.db, store: on };
            const raw: Engine = { db: svc.db, store: on, rollups: false, perAggregation: true };
            const at = `${label} ${new Date(period.from).toISOString()} ${period.timeZone} ${filters} ${includeBots} ${compare}`;
            const d = await dashboardReport(fast, q, compare, 100);
            expect(d, at).toEqual(await dashboardReport(raw, q, compare, 100));
            expect(await funnelReport(fast, q, compare, steps), at).toEqual(await funnelReport(raw, q, compare, steps));
            expect(await breakdownReport(fast, q, compare, 'event:props:plan', 10), at).toEqual(await breakdownReport(raw, q, compare, 'event:props:plan', 10));
            expect(await goalsReport(fast, q, compare), at).toEqual(await goalsReport(raw, q, compare));
            after?.();
            if ((d.overview as { visitors: number }).visitors > 0) answered++;
          }
        }
      }
    }
    // The periods hold traffic (a comparison of empty answers proves nothing).
    expect(answered).toBeGreaterThan(13 * filterSets.length);
  }

  it('over whole and cut days, zones, toggles, filters and comparisons', async () => {
    await compareAll('seeded');
    // The unfiltered questions were answered from rollups: whole days and hours are kept.
    const rollups = store.rollups(p.project.id);
    expect(rollups.size).toBeGreaterThanOrEqual(2);
    for (const r of rollups.values()) expect(r.tallies.size).toBeGreaterThan(5);
    // So were the filtered ones, under their filters.
    expect([...rollups.values()].some((r) => r.filtered.size >= 2)).toBe(true);
  });

  it('a second store answers the 30-day view from the stored tallies, loading no segment, with the same numbers', async () => {
    await store.flush();
    const rows = await stored();
    // Days and the hours of the days the periods cut, both toggles, the aggregations by name.
    expect(rows.some((r) => r.hours === 24)).toBe(true);
    expect(rows.some((r) => r.hours === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.left_out)).size).toBe(2);
    expect(rows.some((r) => r.aggregation === 'visit:country:')).toBe(true);
    // Values, not this process's codes.
    const country = await svc.db('analytics_stored_tallies').where({ project_id: p.project.id, aggregation: 'visit:country:', hours: 24 }).first('data');
    expect(JSON.stringify(country.data)).toContain('"DE"');

    const fresh = newStore();
    const raw: Engine = { db: svc.db, store: fresh, rollups: false, perAggregation: true };
    const q = q30();
    const d = await dashboardReport({ db: svc.db, store: fresh }, q, 'previous_period', 100);
    // The 30 days end now: every day and hour holding data is over, so all come from the stored tallies.
    expect(fresh.counters.segmentsLoaded).toBe(0);
    expect(fresh.counters.talliesRead).toBeGreaterThan(20);
    expect((d.overview as { visitors: number }).visitors).toBeGreaterThan(50);
    expect(d).toEqual(await dashboardReport(raw, q, 'previous_period', 100));
    expect(fresh.counters.segmentsLoaded).toBeGreaterThan(0);

    // Long stored tallies are listed without their text and read when asked for: with every one long, the same.
    const lazy = newStore(undefined, 0);
    expect(await dashboardReport({ db: svc.db, store: lazy }, q, null, 100)).toEqual(await dashboardReport(raw, q, null, 100));
    expect(lazy.counters.segmentsLoaded).toBe(0);

    // Every unfiltered question and period on yet another store: cut days read the hours' tallies.
    await compareAll('fresh store', newStore(), undefined, ['[]']);
  });

  it('an aggregation no stored tally holds loads the segments it needs and gives the same numbers', async () => {
    await svc.db('analytics_stored_tallies').where({ project_id: p.project.id }).where('aggregation', 'like', 'prop:%').delete();
    const fresh = newStore();
    const q = q30();
    const fast = await breakdownReport({ db: svc.db, store: fresh }, q, null, 'event:props:plan', 10);
    expect(fresh.counters.segmentsLoaded).toBeGreaterThan(0);
    expect((fast as { results: unknown[] }).results.length).toBeGreaterThan(0);
    expect(fast).toEqual(await breakdownReport({ db: svc.db, store: fresh, rollups: false, perAggregation: true }, q, null, 'event:props:plan', 10));
    // And writes what it tallied, for the next process.
    await fresh.flush();
    expect((await stored()).some((r) => r.aggregation === 'prop:plan')).toBe(true);
  });

  it('the store stays within its byte budget, dropping the least recently used, and answers the same', async () => {
    // The first store answered every question of the comparisons with room to spare.
    const needed = store.bytes();
    const budget = Math.floor(needed / 4);
    const tight = newStore(budget);
    let checks = 0;
    await compareAll('tight', tight, () => {
      expect(tight.bytes()).toBeLessThanOrEqual(budget);
      checks++;
    }, FILTERS.slice(0, 2));
    expect(checks).toBe(40);
    // Counted from the typed arrays: the segments of 3.5 days hold more than their 400 events' 8-byte times.
    expect(needed).toBeGreaterThan(400 * 8 * 4);
  });

  it('late and imported events into tallied days replace their rollups', async () => {
    const q: StatsQuery = { projectId: p.project.id, period: periods()[0]!, includeBots: false, includeInternal: false, filters: [] };
    // An engine per request, as the routes make (it keeps the request's prepared runs).
    const before = await dashboardReport({ db: svc.db, store }, q, null, 100) as unknown as { overview: { visitors: number; pageviews: number; events: number } };
    const signatures = new Map([...store.rollups(p.project.id)].map(([d, r]) => [d, r.signature]));
    await store.flush();
    const rowsBefore = new Map((await stored()).filter((r) => r.hours === 24).map((r) => [`${r.start}:${r.left_out}:${r.aggregation}`, r.signature]));
    // A late page view in a human session of a whole day, an event an hour before another
    // session's start (the session moves to an earlier hour), and a new imported session.
    const late = sessions[40]!;
    const early = sessions[57]!;
    const common = { country: 'DE', trafficSource: 'google', userAgent: FIREFOX };
    await importRows([
      { ...common, sessionId: late.id, id: randomUUID(), createdAt: new Date(late.start + 20 * 60_000).toISOString(), eventType: 'pageview', path: '/late-import' },
      { ...common, sessionId: early.id, id: randomUUID(), createdAt: new Date(early.start - HOUR).toISOString(), eventType: 'event', eventName: 'Signup', path: '/', props: { plan: 'team' } },
      { ...common, sessionId: randomUUID(), id: randomUUID(), createdAt: new Date(day0 + DAY + 5 * HOUR).toISOString(), eventType: 'pageview', path: '/new' },
    ]);
    // A new store first, before anything tallied the changed days again: it must not
    // read the tallies stored before the late events.
    const fresh = newStore();
    const again = await dashboardReport({ db: svc.db, store: fresh }, q, null, 100);
    expect(fresh.counters.segmentsLoaded).toBeGreaterThan(0);
    const after = await dashboardReport({ db: svc.db, store }, q, null, 100) as unknown as typeof before & { breakdowns: Record<string, { value: string; pageviews: number }[]> };
    expect(again).toEqual(after);
    expect(after.overview.pageviews).toBe(before.overview.pageviews + 2);
    expect(after.overview.events).toBe(before.overview.events + 1);
    expect(after.overview.visitors).toBe(before.overview.visitors + 1);
    expect(after.breakdowns['event:page']!.find((r) => r.value === '/late-import')?.pageviews).toBe(1);
    const changed = [...store.rollups(p.project.id)].filter(([d, r]) => signatures.has(d) && signatures.get(d) !== r.signature);
    expect(changed.length).toBeGreaterThanOrEqual(1);
    await compareAll('after late imports');

    // The changed days' rows are rewritten under their new signatures.
    await fresh.flush();
    const lateDay = Math.floor(late.start / DAY) * DAY;
    const rewritten = (await stored()).filter((r) => r.hours === 24 && r.start === lateDay && r.left_out === 3 && r.aggregation === 'headline');
    expect(rewritten).toHaveLength(1);
    expect(rewritten[0]!.signature).not.toBe(rowsBefore.get(`${lateDay}:3:headline`));
  });

  it('the sessions list reads only the latest segments for a page, and pages as the whole sorted list does', async () => {
    for (const period of periods()) {
      for (const filters of ['[]', '[["is","visit:country",["DE","FR"]]]', '[["contains","event:page",["docs"]]]']) {
        const run = await prepare(svc.db, store, { projectId: p.project.id, period, includeBots: true, includeInternal: false, filters: parseFilters(filters) });
        // Asking for more than there are reads every segment: the reference order.
        const all = sessionsPage(run, 10_000, 0);
        expect(all.hasMore).toBe(false);
        for (const [limit, offset] of [[1, 0], [5, 0], [5, 5], [7, 20], [20, 0], [3, all.ids.length - 2]] as const) {
          const page = sessionsPage(run, limit, offset);
          expect(page.ids, `${filters} ${limit} ${offset}`).toEqual(all.ids.slice(offset, offset + limit));
          expect(page.hasMore).toBe(all.ids.length > offset + limit);
        }
        // Following each page's last position walks the same list, to its end.
        const walked: string[] = [];
        let next = sessionsPage(run, 7, 0);
        walked.push(...next.ids);
        while (next.hasMore) {
          next = sessionsPage(run, 7, 0, next.next!);
          walked.push(...next.ids);
        }
        expect(walked, filters).toEqual(all.ids);
      }
    }
  });

  it('retention deletes the stored tallies of the days it deletes', async () => {
    const cutoff = day0 + 2 * DAY;
    const before = await stored();
    expect(before.some((r) => r.start < cutoff)).toBe(true);
    const { retention_days: days } = await svc.db('analytics_projects').where('id', p.project.id).first('retention_days');
    await runRetention(svc.db, new Date(cutoff + days * DAY));
    const after = await stored();
    expect(after.filter((r) => r.start < cutoff)).toEqual([]);
    expect(after.length).toBe(before.filter((r) => r.start >= cutoff).length);
  });
});
