import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, startAnalytics, type Created } from './testing.ts';
import { parseFilters } from './query/filters.ts';
import { SegmentStore } from './query/store.ts';
import { dashboardReport, funnelReport, type Engine } from './reports.ts';

// A small project whose every figure is computed here from the imported rows, then
// asked of the service through the stats routes with periods, zones and filters.
const HOUR = 3600_000;
const base = Math.floor((Date.now() - 3 * 86400_000) / HOUR) * HOUR + 20 * 60_000;

interface S {
  id: string;
  start: number;
  country: string;
  source: string;
  medium: string | null;
  bot: boolean;
  lateInternal: boolean;
  pages: string[];
  signup: boolean;
  plan: string;
  revenue: boolean;
}

const sessions: S[] = Array.from({ length: 60 }, (_, i) => ({
  id: randomUUID(),
  start: base + i * 37 * 60_000,
  country: ['DE', 'US', 'FR'][i % 3]!,
  source: ['google', 'direct', 'news.example'][i % 3]!,
  medium: i % 3 === 2 && i % 2 === 0 ? 'email' : null,
  bot: i % 7 === 0,
  lateInternal: i % 11 === 5,
  pages: ['/', ...(i % 2 === 0 ? ['/pricing'] : []), ...(i % 3 === 0 ? ['/docs/a/b'] : [])],
  signup: i % 4 === 1,
  plan: i % 8 === 1 ? 'free' : 'pro',
  revenue: i % 8 === 5,
}));

function rows() {
  const out: Record<string, unknown>[] = [];
  for (const s of sessions) {
    const common = { sessionId: s.id, country: s.country, trafficSource: s.source, utmMedium: s.medium, isBot: s.bot, userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' };
    s.pages.forEach((path, k) => out.push({ ...common, id: randomUUID(), createdAt: new Date(s.start + k * 60_000).toISOString(), eventType: 'pageview', path }));
    if (s.signup) {
      out.push({ ...common, id: randomUUID(), createdAt: new Date(s.start + 5 * 60_000).toISOString(), eventType: 'event', eventName: 'Signup', path: '/pricing',
        props: { plan: s.plan }, ...(s.revenue ? { revenueAmount: 12.5, revenueCurrency: 'EUR' } : {}) });
    }
    // Marked internal after its page views: the whole session is internal.
    if (s.lateInternal) out.push({ ...common, id: randomUUID(), createdAt: new Date(s.start + 9 * 60_000).toISOString(), eventType: 'pageview', path: '/admin', isInternal: true });
  }
  return out;
}

const humans = () => sessions.filter((s) => !s.bot && !s.lateInternal);

describe('the query layer: periods, time zones, filters, comparisons, goals and funnels', () => {
  let svc: Awaited<ReturnType<typeof startAnalytics>>;
  let p: Created;
  let get: (path: string) => Promise<any>;
  let call: ReturnType<typeof api>;
  const q = (filters: unknown[], extra = '') => `filters=${encodeURIComponent(JSON.stringify(filters))}${extra}`;

  beforeAll(async () => {
    svc = await startAnalytics();
    p = await createProject(svc.url);
    call = api(svc.url, p.apiKey);
    get = async (path) => {
      const res = await call(path);
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const res = await call('/v1/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events: rows() }) });
    expect((await res.json()).skippedInvalid).toBe(0);
  });
  afterAll(async () => svc?.close());

  it('overview and the sessions list agree, a session turned internal midway counts nowhere', async () => {
    const o = await get('/v1/stats/overview');
    expect(o.visitors).toBe(humans().length);
    expect(o.pageviews).toBe(humans().reduce((n, s) => n + s.pages.length, 0));
    expect(o.segments.internal).toBe(sessions.filter((s) => !s.bot && s.lateInternal).length);
    const list = await get('/v1/sessions?limit=200');
    expect(list.sessions).toHaveLength(o.visitors);
    expect(list.sessions.some((s: any) => s.isInternal)).toBe(false);
    const withInternal = await get('/v1/sessions?limit=200&includeInternal=1');
    const internal = withInternal.sessions.filter((s: any) => s.isInternal);
    expect(internal).toHaveLength(o.segments.internal);
    expect(internal.every((s: any) => s.pageviews === sessions.find((x) => x.id === s.id)!.pages.length + 1)).toBe(true);
  });

  it('visit filters, event filters and their AND', async () => {
    const de = humans().filter((s) => s.country === 'DE');
    expect((await get(`/v1/stats/overview?${q([['is', 'visit:country', ['DE']]])}`)).visitors).toBe(de.length);
    expect((await get(`/v1/stats/overview?${q([['is_not', 'visit:country', ['DE', 'US']]])}`)).visitors).toBe(humans().filter((s) => s.country === 'FR').length);
    // Sources by raw id or label.
    expect((await get(`/v1/stats/overview?${q([['is', 'visit:source', ['Google']]])}`)).visitors).toBe(humans().filter((s) => s.source === 'google').length);
    // event:page is the pathname of any event, custom events included (as in Plausible).
    const pricing = humans().filter((s) => s.pages.includes('/pricing') || s.signup);
    const o = await get(`/v1/stats/overview?${q([['is', 'event:page', ['/pricing']]])}`);
    expect(o).toMatchObject({ visitors: pricing.length, pageviews: humans().filter((s) => s.pages.includes('/pricing')).length, events: humans().filter((s) => s.signup).length });
    const both = await get(`/v1/stats/overview?${q([['is', 'event:page', ['/pricing']], ['is', 'event:name', ['pageview']], ['is', 'visit:country', ['DE']]])}`);
    expect(both).toMatchObject({ visitors: humans().filter((s) => s.pages.includes('/pricing') && s.country === 'DE').length, events: 0 });
    const docs = await get(`/v1/stats/pages?${q([['contains', 'event:page', ['/DOCS'], { case_sensitive: false }]])}`);
    expect(docs.results).toEqual([{ path: '/docs/a/b', pageviews: humans().filter((s) => s.pages.includes('/docs/a/b')).length, visitors: humans().filter((s) => s.pages.includes('/docs/a/b')).length }]);
    const re = await get(`/v1/stats/breakdown?property=visit:entry_page&${q([['matches', 'event:page', ['^/(pricing|docs/.*)$']]])}`);
    expect(re.results).toEqual([expect.objectContaining({ value: '/', visitors: humans().filter((s) => s.pages.length > 1 || s.signup).length })]);
    const pro = await get(`/v1/stats/breakdown?property=event:props:plan&${q([['is', 'event:name', ['Signup']]])}`);
    // Most visitors first, ties by value.
    expect(pro.results).toEqual([
      { value: 'free', events: humans().filter((s) => s.signup && s.plan === 'free').length, visitors: humans().filter((s) => s.signup && s.plan === 'free').length },
      { value: 'pro', events: humans().filter((s) => s.signup && s.plan === 'pro').length, visitors: humans().filter((s) => s.signup && s.plan === 'pro').length },
    ]);
  });

  it('refuses filters it cannot run with a clear 400', async () => {
    for (const [filters, text] of [
      ['[["is","visit:nope",["x"]]]', 'unknown dimension'],
      ['[["like","event:page",["x"]]]', 'operator'],
      ['[["matches","event:page",["(unclosed"]]]', 'Invalid regular expression'],
      ['not json', 'JSON array'],
      [JSON.stringify([['matches', 'event:page', ['a'.repeat(501)]]]), 'at most 500'],
    ] as const) {
      const res = await call(`/v1/stats/overview?filters=${encodeURIComponent(filters)}`);
      expect(res.status, filters).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe('bad_request');
      expect(body.error.message).toContain(text);
    }
  });

  it('channel groups follow the GA4 rules (utm_medium=email is Email); channels keep the four values', async () => {
    const groups = await get('/v1/stats/breakdown?property=visit:channel_group');
    const count = (f: (s: S) => boolean) => humans().filter(f).length;
    expect(groups.results).toEqual(expect.arrayContaining([
      expect.objectContaining({ value: 'Organic Search', visitors: count((s) => s.source === 'google') }),
      expect.objectContaining({ value: 'Direct', visitors: count((s) => s.source === 'direct') }),
      expect.objectContaining({ value: 'Email', visitors: count((s) => s.medium === 'email') }),
      expect.objectContaining({ value: 'Referral', visitors: count((s) => s.source === 'news.example' && s.medium === null) }),
    ]));
    const channels = await get('/v1/stats/breakdown?property=visit:channel');
    expect(channels.results.map((r: any) => [r.value, r.visitors]).sort()).toEqual([
      ['direct', count((s) => s.source === 'direct')],
      ['referral', count((s) => s.source === 'news.example')],
      ['search', count((s) => s.source === 'google')],
    ]);
    // Both filter, and the sessions carry both.
    const email = `filters=${encodeURIComponent(JSON.stringify([['is', 'visit:channel_group', ['Email']]]))}`;
    expect((await get(`/v1/stats/overview?${email}`)).visitors).toBe(count((s) => s.medium === 'email'));
    const referral = `filters=${encodeURIComponent(JSON.stringify([['is', 'visit:channel', ['referral']]]))}`;
    expect((await get(`/v1/stats/overview?${referral}`)).visitors).toBe(count((s) => s.source === 'news.example'));
    const listed = (await get(`/v1/sessions?limit=200&${email}`)).sessions;
    expect(listed).toHaveLength(count((s) => s.medium === 'email'));
    for (const s of listed) expect(s).toMatchObject({ channel: 'referral', channelGroup: 'Email' });
  });

  it('periods: period or window, custom dates in a time zone, and days bucketed in that zone', async () => {
    expect(await get('/v1/stats/overview?window=30d')).toMatchObject({ window: '30d' });
    expect(await get('/v1/stats/overview?period=30d&window=30d')).toMatchObject({ window: '30d' });
    for (const bad of ['period=7d&window=30d', 'period=custom&from=2026-01-02', 'period=7d&from=2026-01-01', 'period=year', 'timezone=Mars/Olympus',
      'period=custom&from=2026-01-05&to=2026-01-01', 'period=custom&from=2020-01-01&to=2026-01-01']) {
      const res = await call(`/v1/stats/overview?${bad}`);
      expect(res.status, bad).toBe(400);
    }
    // One local day in Kolkata (UTC+05:30): sessions that started from 18:30 UTC the day before.
    const day = new Date(base + 86400_000 + 5.5 * HOUR).toISOString().slice(0, 10);
    const from = Date.parse(`${day}T00:00:00Z`) - 5.5 * HOUR;
    const inDay = humans().filter((s) => s.start >= from && s.start < from + 86400_000);
    const one = await get(`/v1/stats/timeseries?period=custom&from=${day}&to=${day}&timezone=Asia/Kolkata`);
    expect(one.interval).toBe('hour');
    expect(one.points).toHaveLength(24);
    expect(one.points[0]).toMatchObject({ t: new Date(from).toISOString(), date: `${day}T00:00` });
    expect(one.points.reduce((n: number, x: any) => n + x.visitors, 0)).toBe(inDay.length);
    const week = await get('/v1/stats/timeseries?period=7d&timezone=Asia/Kolkata');
    const dayPoint = week.points.find((x: any) => x.date === day);
    expect(dayPoint.visitors).toBe(inDay.length);
    expect(week.points.reduce((n: number, x: any) => n + x.visitors, 0)).toBe(humans().length);
  });

  it("period and window: the spec's examples combined name one period, and both schemas say they are one parameter", async () => {
    const spec = parse(readFileSync(new URL('../openapi/analytics.yaml', import.meta.url), 'utf8'));
    const params = spec.components.parameters;
    for (const name of ['Period', 'Window']) expect(params[name].schema.description, name).toMatch(/period.*window.*one of them/);
    // Each example as a client filling in the examples would send it (the contract harness's order).
    const exampleOf = (x: any) => x.example ?? x.schema.example ?? x.schema.default ?? x.schema.enum?.[0];
    const shared = ['Period', 'Window', 'From', 'To', 'Timezone'].map((n) => params[n]).filter((x) => exampleOf(x) !== undefined);
    const query = new URLSearchParams(shared.map((x) => [x.name, String(exampleOf(x))])).toString();
    for (const route of ['overview', 'timeseries', 'pages', 'sources', 'goals']) {
      const res = await call(`/v1/stats/${route}?${query}`);
      expect(res.status, `${route}?${query}`).toBe(200);
    }
    expect((await call(`/v1/sessions?${query}`)).status).toBe(200);
  });

  it('compares with the previous period and a year earlier', async () => {
    const day = new Date(base + 86400_000).toISOString().slice(0, 10);
    const prevDay = new Date(base).toISOString().slice(0, 10);
    const count = (d: string) => humans().filter((s) => new Date(s.start).toISOString().slice(0, 10) === d).length;
    const o = await get(`/v1/stats/overview?period=custom&from=${day}&to=${day}&compare=previous_period`);
    expect(o.visitors).toBe(count(day));
    expect(o.comparison).toMatchObject({ visitors: count(prevDay), from: `${prevDay}T00:00:00.000Z` });
    expect(o.change.visitors).toBe(count(prevDay) ? Math.round(((count(day) - count(prevDay)) / count(prevDay)) * 1000) / 10 : null);
    const yoy = await get(`/v1/stats/breakdown?property=visit:country&period=custom&from=${day}&to=${day}&compare=year_over_year`);
    expect(yoy.results.every((r: any) => r.comparison.visitors === 0 && r.change === null)).toBe(true);
    const ts = await get(`/v1/stats/timeseries?period=custom&from=${day}&to=${day}&compare=previous_period`);
    expect(ts.comparison.points).toHaveLength(ts.points.length);
  });

  it('goals on events and page patterns, revenue, and funnels with drop-off', async () => {
    const live = (path: string, body: unknown) => call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const docsGoal = await live('/v1/goals', { page: '/docs/**', displayName: 'Read the docs' });
    expect(docsGoal.status).toBe(201);
    expect((await live('/v1/goals', { page: '/docs/**' })).status).toBe(409);
    expect((await live('/v1/goals', { page: '/x', event: 'y' })).status).toBe(400);
    const g = await get('/v1/stats/goals');
    const docs = humans().filter((s) => s.pages.includes('/docs/a/b')).length;
    const signups = humans().filter((s) => s.signup);
    expect(g.totalVisitors).toBe(humans().length);
    expect(g.results[0]).toMatchObject({ name: 'Read the docs', kind: 'page', visitors: docs, conversionRate: Math.round((docs / humans().length) * 10000) / 10000 });
    const revenue = signups.filter((s) => s.revenue).length * 12.5;
    expect(g.results[1]).toMatchObject({ name: 'Signup', kind: 'event', goalId: null, visitors: signups.length,
      revenue: [{ currency: 'EUR', total: revenue, average: 12.5 }] });
    // A single-segment wildcard does not cross a slash.
    expect((await get(`/v1/stats/funnel?steps=${encodeURIComponent('[{"page":"/docs/*"},{"page":"/"}]')}`)).steps[0].visitors).toBe(0);

    const steps = [{ page: '/' }, { page: '/pricing' }, { event: 'Signup' }];
    const saved = await (await live('/v1/funnels', { name: 'Buy', steps })).json();
    const f = await get(`/v1/stats/funnel?funnel=${saved.id}`);
    const reached = [humans().length, humans().filter((s) => s.pages.includes('/pricing')).length, humans().filter((s) => s.pages.includes('/pricing') && s.signup).length];
    expect(f.visitors).toBe(humans().length);
    expect(f.steps.map((s: any) => s.visitors)).toEqual(reached);
    expect(f.steps[1]).toMatchObject({ label: 'Visit /pricing', dropoff: reached[0]! - reached[1]!, conversionRateStep: Math.round((reached[1]! / reached[0]!) * 10000) / 10000 });
    expect((await call(`/v1/stats/funnel?funnel=${randomUUID()}`)).status).toBe(404);
    expect((await call('/v1/stats/funnel?steps=[{"page":"/"}]')).status).toBe(400);
  });

  it('the dashboard call is exactly the individual routes', async () => {
    const first = new Date(base - 86400_000).toISOString().slice(0, 10);
    const last = new Date(Date.now() + 86400_000).toISOString().slice(0, 10);
    const qs = `period=custom&from=${first}&to=${last}&timezone=Europe/Berlin&${q([['is_not', 'visit:country', ['US']]])}`;
    const d = await get(`/v1/stats/dashboard?${qs}&limit=100`);
    expect(d.overview).toEqual(await get(`/v1/stats/overview?${qs}`));
    expect(d.timeseries).toEqual(await get(`/v1/stats/timeseries?${qs}`));
    expect(d.goals).toEqual(await get(`/v1/stats/goals?${qs}`));
    for (const property of ['event:page', 'visit:source', 'visit:country', 'visit:channel', 'event:name']) {
      expect(d.breakdowns[property], property).toEqual((await get(`/v1/stats/breakdown?property=${property}&${qs}`)).results);
    }
  });

  it('one shared pass per question gives exactly what a walk per aggregation gives', async () => {
    // Periods cut through sessions (started before, ending after), toggles on and off,
    // visit, event, property and regex filters, both comparisons.
    const cases: [number, number, string, boolean, boolean][] = [
      [base - HOUR, Date.now() + HOUR, '[]', false, false],
      [base + 3 * 37 * 60_000 + 2 * 60_000, base + 20 * 37 * 60_000 + 4 * 60_000, '[]', true, true],
      [base + 10 * HOUR + 30 * 60_000, base + 30 * HOUR + 8 * 60_000, '[["is_not","visit:country",["US"]]]', false, false],
      [base - HOUR, Date.now() + HOUR, '[["is","event:page",["/pricing"]]]', false, true],
      [base + 5 * HOUR + 61_000, base + 25 * HOUR + 3 * 60_000, '[["contains","event:page",["docs"]],["is","visit:source",["google","direct"]]]', true, false],
      [base - HOUR, Date.now() + HOUR, '[["matches","event:page",["^/(pricing|docs)"]],["is","event:props:plan",["pro"]]]', false, false],
      [base + 2 * HOUR, base + 40 * HOUR, '[["is","event:name",["Signup"]]]', false, false],
    ];
    const store = new SegmentStore(svc.db, { maxBytes: 100_000_000 });
    const steps = [{ page: '/' }, { page: '/pricing' }, { event: 'Signup' }];
    for (const [from, to, filters, includeBots, includeInternal] of cases) {
      for (const compare of [null, 'previous_period', 'year_over_year'] as const) {
        const q = { projectId: p.project.id, period: { name: 'custom' as const, from, to, timeZone: 'America/New_York' }, includeBots, includeInternal, filters: parseFilters(filters) };
        const shared: Engine = { db: svc.db, store };
        const reference: Engine = { db: svc.db, store, perAggregation: true };
        const label = `${filters} ${compare} ${includeBots}/${includeInternal}`;
        const d = await dashboardReport(shared, q, compare, 100);
        expect(d, label).toEqual(await dashboardReport(reference, q, compare, 100));
        expect(await funnelReport(shared, q, compare, steps), label).toEqual(await funnelReport(reference, q, compare, steps));
        if (filters === '[]' && compare === null && !includeBots) expect((d.overview as { visitors: number }).visitors).toBeGreaterThan(10);
      }
    }
  });

  it('the start-up warm-up loads the active projects, and a stopping service ends it before the next', async () => {
    // Active means a session seen in the last day: a project of its own, with one visit now.
    const active = await createProject(svc.url);
    const visit = { id: randomUUID(), sessionId: randomUUID(), createdAt: new Date().toISOString(), eventType: 'pageview', path: '/' };
    const imported = await api(svc.url, active.apiKey)('/v1/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events: [visit] }) });
    expect(imported.status).toBe(200);
    const warmed: string[] = [];
    await new SegmentStore(svc.db, { maxBytes: 100_000_000 }).warm(30, 50, async (id) => void warmed.push(id));
    expect(warmed).toContain(active.project.id);
    const stopped: string[] = [];
    await new SegmentStore(svc.db, { maxBytes: 100_000_000 }).warm(30, 50, async (id) => void stopped.push(id), AbortSignal.abort());
    expect(stopped).toEqual([]);
  });

  it('shared links read the stats only, and stop at once when revoked', async () => {
    const created = await call('/v1/shared-links', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ label: 'Board' }) });
    expect(created.status).toBe(201);
    const link = await created.json();
    expect(link.url).toBe(`${svc.url}/dashboard#share=${link.token}`);
    const share = api(svc.url, link.token);
    expect((await share('/v1/stats/overview')).status).toBe(200);
    expect((await share('/v1/stats/dashboard')).status).toBe(200);
    for (const path of ['/v1/export', '/v1/sessions', '/v1/shared-links']) expect((await share(path)).status, path).toBe(401);
    const read = await (await call('/v1/keys/read', { method: 'POST' })).json();
    expect((await api(svc.url, read.apiKey)('/v1/shared-links', { method: 'POST' })).status).toBe(403);
    expect((await get('/v1/shared-links')).links).toEqual([expect.objectContaining({ id: link.id, label: 'Board', prefix: link.token.slice(0, 16) })]);
    expect((await call(`/v1/shared-links/${link.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await share('/v1/stats/overview')).status).toBe(401);
    expect((await call(`/v1/shared-links/${link.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('bounds the sessions offset, and realtime ignores every parameter', async () => {
    expect((await call('/v1/sessions?offset=99999999999999999999')).status).toBe(400);
    expect((await call('/v1/sessions?offset=10000')).status).toBe(400);
    expect((await call('/v1/stats/realtime?window=bogus&anything=1')).status).toBe(200);
  });

  it('CORS: a project whose domain is localhost answers its preflight', async () => {
    const local = await createProject(svc.url, { domains: ['localhost'] });
    expect(local.project.domains).toEqual(['localhost']);
    const res = await fetch(`${svc.url}/v1/stats/overview`, { method: 'OPTIONS', headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  });
});
