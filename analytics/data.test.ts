import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { EXTENSIONS, trackerSource, type Extension } from './tracker.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, beacon, CHROME_MAC, createProject, IPHONE, sleep, startAnalytics, type Created } from './testing.ts';
import { COLUMNS } from '../db/analytics/eventRow.ts';
import { runRetention } from './retention.ts';
import { rateClock } from './rateLimit.ts';

const STATS = ['overview', 'timeseries', 'pages', 'sources', 'countries', 'regions', 'locales', 'events', 'utm', 'devices', 'goals'];

function synthetic(n: number, base = Date.now() - 3 * 86400_000) {
  const sessions = Array.from({ length: Math.ceil(n / 3) }, () => randomUUID());
  return Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    createdAt: new Date(base + i * 1000).toISOString(),
    sessionId: sessions[i % sessions.length],
    eventType: i % 7 === 0 ? 'event' : 'pageview',
    eventName: i % 7 === 0 ? 'Signup' : null,
    props: i % 7 === 0 ? { plan: i % 2 ? 'pro' : 'free', n: i, ok: true } : null,
    path: `/p/${i % 5}`,
    country: ['US', 'DE', null][i % 3],
    regionCode: ['US-CA', 'DE-BE', null][i % 3],
    region: ['California', 'Berlin', null][i % 3],
    locale: ['en-US', 'de', null][i % 3],
    trafficSource: ['google', 'direct', 'news.example'][i % 3],
    userAgent: i % 2 ? CHROME_MAC : IPHONE,
    isBot: i % 11 === 0,
    isInternal: i % 13 === 0,
    isVpn: i % 17 === 0,
  }));
}

describe('analytics export, import, isolation, limits and retention', () => {
  let svc: Awaited<ReturnType<typeof startAnalytics>>;
  let a: Created;
  let b: Created;
  beforeAll(async () => {
    svc = await startAnalytics();
    a = await createProject(svc.url);
    b = await createProject(svc.url);
  });
  afterAll(async () => svc?.close());

  const importJson = (key: string, events: unknown[]) =>
    api(svc.url, key)('/v1/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events }) });

  it('imports with per-event validation, UA derivation, idempotency and the skew rule', async () => {
    const p = await createProject(svc.url);
    const sessionId = randomUUID();
    const good = { id: randomUUID(), createdAt: new Date(Date.now() - 60_000).toISOString(), sessionId, eventType: 'pageview', path: '/', userAgent: IPHONE };
    const res = await importJson(p.apiKey, [
      good,
      { createdAt: new Date().toISOString(), sessionId, eventType: 'pageview', path: '/x', browser: 'Firefox' },
      { createdAt: new Date(Date.now() + 30_000).toISOString(), sessionId, eventType: 'pageview', path: '/skew-ok' },
      { createdAt: new Date(Date.now() + 120_000).toISOString(), sessionId, eventType: 'pageview', path: '/future' },
      { createdAt: 'yesterday', sessionId, eventType: 'pageview', path: '/' },
      { createdAt: new Date().toISOString(), sessionId: 'not-a-uuid', eventType: 'pageview', path: '/' },
      { createdAt: new Date().toISOString(), sessionId, path: '/' },
      { createdAt: new Date().toISOString(), sessionId, eventType: 'pageview' },
      { createdAt: new Date().toISOString(), sessionId, eventType: 'event', eventName: 'x', path: '/', props: { tooLong: 'x'.repeat(501) } },
      'garbage',
    ]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: 10, inserted: 3, skippedInvalid: 7, skippedDuplicate: 0 });
    const again = await importJson(p.apiKey, [good]);
    expect(await again.json()).toEqual({ received: 1, inserted: 0, skippedInvalid: 0, skippedDuplicate: 1 });
    const stored = await svc.db('analytics_events').where({ project_id: p.project.id, id: good.id }).first();
    expect(stored).toMatchObject({ browser: 'Mobile Safari', os: 'iOS', device_type: 'mobile' });
    const kept = await svc.db('analytics_events').where({ project_id: p.project.id, path: '/x' }).first();
    expect(kept.browser).toBe('Firefox');

    const tooMany = await importJson(p.apiKey, Array.from({ length: 5001 }, () => good));
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).error.code).toBe('bad_request');
    const ndjsonTooMany = await api(svc.url, p.apiKey)('/v1/import', {
      method: 'POST', headers: { 'content-type': 'application/x-ndjson' }, body: Array.from({ length: 5001 }, () => JSON.stringify(good)).join('\n'),
    });
    expect(ndjsonTooMany.status).toBe(400);
  });

  it('imports a custom event without eventName (only createdAt, sessionId, eventType and path are required) as "(not set)"', async () => {
    const p = await createProject(svc.url);
    const sessionId = randomUUID();
    const at = (s: number) => new Date(Date.now() - 120_000 + s * 1000).toISOString();
    const res = await importJson(p.apiKey, [
      { createdAt: at(0), sessionId, eventType: 'pageview', path: '/' },
      { createdAt: at(1), sessionId, eventType: 'event', path: '/' },
      { createdAt: at(2), sessionId, eventType: 'event', eventName: null, path: '/' },
      { createdAt: at(3), sessionId, eventType: 'event', eventName: '', path: '/' },
    ]);
    expect(await res.json()).toEqual({ received: 4, inserted: 4, skippedInvalid: 0, skippedDuplicate: 0 });
    const rows = await svc.db('analytics_events').where({ project_id: p.project.id }).orderBy('created_at').select('event_type', 'event_name');
    expect(rows).toEqual([
      { event_type: 'pageview', event_name: null },
      ...Array.from({ length: 3 }, () => ({ event_type: 'event', event_name: '(not set)' })),
    ]);
    // Counted as custom events, not as page views.
    await sleep(200);
    const call = api(svc.url, p.apiKey);
    expect(await (await call('/v1/stats/overview')).json()).toMatchObject({ pageviews: 1, events: 3 });
    expect((await (await call('/v1/stats/events')).json()).results).toEqual([{ name: '(not set)', events: 3, visitors: 1, revenue: [] }]);
  });

  it('export takes every window its spec lists (no custom: export has no from/to)', async () => {
    const spec = parse(readFileSync(new URL('../openapi/analytics.yaml', import.meta.url), 'utf8'));
    const op = spec.paths['/v1/export'].get;
    const windows: string[] = op.parameters.map((x: { $ref?: string }) => (x.$ref ? spec.components.parameters[x.$ref.split('/').pop()!] : x))
      .find((x: { name: string }) => x.name === 'window').schema.enum;
    expect(windows).toEqual(['24h', '7d', '30d', '90d']);
    for (const w of windows) expect((await api(svc.url, a.apiKey)(`/v1/export?window=${w}&limit=1`)).status, w).toBe(200);
    const custom = await api(svc.url, a.apiKey)('/v1/export?window=custom');
    expect(custom.status).toBe(400);
    expect((await custom.json()).error.code).toBe('bad_request');
  });

  it('export -> import round trip into a second project gives identical stats and rows', async () => {
    const events = synthetic(2500);
    for (let i = 0; i < events.length; i += 1000) {
      const res = await importJson(a.apiKey, events.slice(i, i + 1000));
      expect((await res.json()).inserted).toBe(Math.min(1000, events.length - i));
    }
    // Export in pages of 1000 as NDJSON, then feed each page straight back.
    const pages: string[] = [];
    let cursor: string | null = null;
    for (;;) {
      const res = await api(svc.url, a.apiKey)(`/v1/export?format=ndjson&limit=1000${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/x-ndjson');
      pages.push(await res.text());
      cursor = res.headers.get('x-next-cursor');
      if (!cursor) break;
    }
    expect(pages.map((p) => p.split('\n').filter(Boolean).length)).toEqual([1000, 1000, 500]);
    const first = JSON.parse(pages[0]!.split('\n')[0]!);
    expect(Object.keys(first)).toEqual([...COLUMNS]);
    for (const page of pages) {
      const res = await api(svc.url, b.apiKey)('/v1/import', { method: 'POST', headers: { 'content-type': 'application/x-ndjson' }, body: page });
      const body = await res.json();
      expect(body.skippedInvalid).toBe(0);
    }
    for (const route of STATS) {
      for (const q of ['', '?includeBots=1&includeInternal=1&window=30d']) {
        const [x, y] = await Promise.all([api(svc.url, a.apiKey)(`/v1/stats/${route}${q}`), api(svc.url, b.apiKey)(`/v1/stats/${route}${q}`)]);
        const strip = (o: any) => ({ ...o, from: undefined, to: undefined });
        expect(strip(await y.json()), route + q).toEqual(strip(await x.json()));
      }
    }
    // And the rows themselves: exporting b gives a's export byte for byte.
    const ea = await (await api(svc.url, a.apiKey)('/v1/export?format=ndjson&limit=10000')).text();
    const eb = await (await api(svc.url, b.apiKey)('/v1/export?format=ndjson&limit=10000')).text();
    expect(eb).toBe(ea);
  });

  it('export: CSV by default with a header, limits, cursor only on a full page', async () => {
    const call = api(svc.url, a.apiKey);
    const csv = await call('/v1/export?limit=3');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\n');
    expect(lines[0]).toBe(COLUMNS.join(','));
    expect(lines).toHaveLength(4);
    expect(csv.headers.get('x-next-cursor')).toBeTruthy();
    const exact = await call('/v1/export?limit=2500');
    expect(exact.headers.get('x-next-cursor')).toBeTruthy();
    const after = await call(`/v1/export?limit=2500&cursor=${exact.headers.get('x-next-cursor')}`);
    expect(after.headers.get('x-next-cursor')).toBeNull();
    expect((await after.text()).trim()).toBe(COLUMNS.join(','));
    const big = await call('/v1/export?limit=10000&format=ndjson');
    expect(big.headers.get('x-next-cursor')).toBeNull();
    expect((await big.text()).trim().split('\n')).toHaveLength(2500);
    for (const q of ['limit=0', 'limit=10001', 'format=xml', 'cursor=%25%25', 'cursor=abc']) {
      const res = await call(`/v1/export?${q}`);
      expect(res.status, q).toBe(400);
      expect((await res.json()).error.code).toBe('bad_request');
    }
  });

  it('no route reads another project: every read of a fresh project is empty', async () => {
    const c = await createProject(svc.url);
    const call = api(svc.url, c.apiKey);
    const o = await (await call('/v1/stats/overview?includeBots=1&includeInternal=1&window=90d')).json();
    expect(o).toMatchObject({ visitors: 0, pageviews: 0, events: 0, segments: { humans: 0, bots: 0, vpn: 0, internal: 0 }, bySource: [] });
    for (const route of ['pages', 'sources', 'countries', 'regions', 'locales', 'events']) {
      expect((await (await call(`/v1/stats/${route}?includeBots=1&includeInternal=1&window=90d`)).json()).results, route).toEqual([]);
    }
    expect((await (await call('/v1/stats/timeseries?window=90d&includeBots=1')).json()).points.every((p: any) => p.visitors === 0 && p.pageviews === 0)).toBe(true);
    expect(await (await call('/v1/stats/utm?includeBots=1&includeInternal=1')).json()).toMatchObject({ sources: [], mediums: [], campaigns: [] });
    expect(await (await call('/v1/stats/goals?includeBots=1')).json()).toMatchObject({ totalVisitors: 0, results: [] });
    expect(await (await call('/v1/stats/realtime')).json()).toEqual({ activeSessions: 0 });
    expect((await (await call('/v1/sessions?includeBots=1&includeInternal=1&window=90d')).json()).sessions).toEqual([]);
    expect((await (await call('/v1/export?window=90d&format=ndjson')).text())).toBe('');
    // A session of project a is not visible through project c's key.
    const someSession = (await svc.db('analytics_sessions').where({ project_id: a.project.id }).first('id')).id;
    expect((await call(`/v1/sessions/${someSession}`)).status).toBe(404);
    expect((await api(svc.url, a.apiKey)(`/v1/sessions/${someSession}`)).status).toBe(200);
    expect((await (await call('/v1/project')).json()).id).toBe(c.project.id);
  });

  it('records server-side events with field limits and enforces the daily cap (not on import)', async () => {
    const p = await createProject(svc.url, { dailyEventCap: 3 });
    const call = api(svc.url, p.apiKey);
    const post = (body: unknown) => call('/v1/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    for (const bad of [{}, { name: '' }, { name: 'x'.repeat(121) }, { name: 'x', path: '' }, { name: 'x', props: { a: { nested: 1 } } },
      { name: 'x', props: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, i])) }, { name: 'x', path: `/${'a'.repeat(2048)}` }]) {
      const res = await post(bad);
      expect(res.status, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect((await res.json()).error.code).toBe('bad_request');
    }
    const ok = await post({ name: 'Renewal', props: { plan: 'pro', seats: 5, annual: true }, path: '/billing' });
    expect(ok.status).toBe(202);
    expect(await ok.json()).toEqual({ accepted: true });
    expect((await post({ name: 'Renewal' })).status).toBe(202);
    const domain = p.project.domains[0];
    expect((await beacon(svc.url, { projectId: p.project.id, type: 'pageview', url: `https://${domain}/` })).status).toBe(202);
    const capped = await post({ name: 'Renewal' });
    expect(capped.status).toBe(429);
    expect((await capped.json()).error.code).toBe('daily_cap_exceeded');
    const cappedBeacon = await beacon(svc.url, { projectId: p.project.id, type: 'pageview', url: `https://${domain}/` });
    expect(cappedBeacon.status).toBe(429);
    expect((await cappedBeacon.json()).error.code).toBe('daily_cap_exceeded');
    const imported = await importJson(p.apiKey, [{ createdAt: new Date().toISOString(), sessionId: randomUUID(), eventType: 'pageview', path: '/' }]);
    expect((await imported.json()).inserted).toBe(1);
    await sleep(200);
    const events = await (await call('/v1/stats/events')).json();
    expect(events.results).toEqual([{ name: 'Renewal', events: 2, visitors: 1, revenue: [] }]);
  });

  it('rate limits each key to 120 requests per fixed window across service processes, with Retry-After', async () => {
    // A second service instance on the same database stands in for another process.
    const other = await startAnalytics();
    try {
      const p = await createProject(svc.url);
      // Both service instances run in this process: the limiter's clock stands 17.5 s
      // before the end of a window for the whole burst, so all of it lands in that window.
      // One reading of the clock: two readings that straddle a minute give a start
      // that is not on a window boundary, and "the next window" would be the same one.
      const startedAt = Date.now();
      const windowStart = startedAt - (startedAt % 60_000);
      rateClock.now = () => windowStart + 42_500;
      const calls = Array.from({ length: 125 }, (_, i) => api(i % 2 ? other.url : svc.url, p.apiKey)('/v1/stats/realtime'));
      const statuses = await Promise.all(calls);
      expect(statuses.filter((r) => r.status === 200)).toHaveLength(120);
      const limited = statuses.filter((r) => r.status === 429);
      expect(limited).toHaveLength(5);
      expect((await limited[0]!.json()).error.code).toBe('rate_limited');
      expect(limited[0]!.headers.get('retry-after')).toBe('18');
      // The next window starts afresh.
      rateClock.now = () => windowStart + 60_000;
      expect((await api(svc.url, p.apiKey)('/v1/stats/realtime')).status).toBe(200);
      // Another key of another project is unaffected.
      expect((await api(svc.url, b.apiKey)('/v1/stats/realtime')).status).toBe(200);
    } finally {
      rateClock.now = () => Date.now();
      await other.close();
    }
  });

  it('the nightly retention job deletes events older than retentionDays, and the stats forget them', async () => {
    const p = await createProject(svc.url, { retentionDays: 30 });
    const old = new Date(Date.now() - 40 * 86400_000).toISOString();
    const recent = new Date(Date.now() - 86400_000).toISOString();
    await importJson(p.apiKey, [
      { createdAt: old, sessionId: randomUUID(), eventType: 'pageview', path: '/old' },
      { createdAt: recent, sessionId: randomUUID(), eventType: 'pageview', path: '/new' },
    ]);
    const result = await runRetention(svc.db);
    expect(result.events).toBeGreaterThanOrEqual(1);
    const left = await svc.db('analytics_events').where({ project_id: p.project.id }).pluck('path');
    expect(left).toEqual(['/new']);
    expect(await svc.db('analytics_sessions').where({ project_id: p.project.id }).count({ n: '*' })).toEqual([{ n: '1' }]);
    const pages = await (await api(svc.url, p.apiKey)('/v1/stats/pages?window=90d')).json();
    expect(pages.results).toEqual([{ path: '/new', pageviews: 1, visitors: 1 }]);
    // Other projects keep their 395 days.
    expect(Number((await svc.db('analytics_events').where({ project_id: a.project.id }).count({ n: '*' }))[0]!.n)).toBe(2500);
  });

  it('tracking script stays tiny', () => {
    const size = (ext: Extension[] = []) => gzipSync(trackerSource(ext)).length;
    console.log(`tracker gzipped: core ${size()} bytes, every extension ${size([...EXTENSIONS])} bytes`);
    expect(size()).toBeLessThan(1024);
    // Each extension adds only its own code.
    for (const e of EXTENSIONS) expect(size([e]), e).toBeGreaterThan(size());
    expect(size(['hash'])).toBeLessThan(size() + 60);
  });
});
