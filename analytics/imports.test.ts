// Imports from Plausible, Umami and Google Analytics 4, end to end over HTTP: each
// fixture (analytics/fixtures/imports/) gives the totals written here by hand; a
// day that also has collected events is answered from them alone; deleting an
// import takes its numbers away; the dashboard shows imported numbers (chromium).
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, startAnalytics, type Created } from './testing.ts';
import { launchChromium } from '../test/browser.ts';
import { hasPackage } from '../test/systemPackages.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures/imports');

function plausibleZip(skip: (name: string) => boolean = () => false): Uint8Array {
  const dir = path.join(FIXTURES, 'plausible');
  // As a user downloads it: the tables inside a folder of the archive.
  return zipSync(Object.fromEntries(readdirSync(dir).filter((f) => !skip(f)).map((f) => [`plausible-export/${f}`, readFileSync(path.join(dir, f))])));
}

let svc: Awaited<ReturnType<typeof startAnalytics>>;
beforeAll(async () => {
  svc = await startAnalytics();
});
afterAll(async () => svc?.close());

function client(p: Created) {
  const call = api(svc.url, p.apiKey);
  return {
    upload: (source: string, body: Uint8Array | string, type: string, fileName?: string) =>
      call(`/v1/imports?source=${source}${fileName ? `&fileName=${encodeURIComponent(fileName)}` : ''}`, { method: 'POST', headers: { 'content-type': type }, body: typeof body === 'string' ? body : Buffer.from(body) }),
    get: async (p: string) => {
      const res = await call(p);
      expect(res.status, await res.clone().text()).toBe(200);
      return res.json() as Promise<any>;
    },
    call,
  };
}

const range = (from: string, to: string) => `period=custom&from=${from}&to=${to}&timezone=UTC`;
const pairs = (rows: any[], key: string, field = 'visitors') => Object.fromEntries(rows.map((r) => [r[key] ?? '(none)', r[field]]));

describe('a Plausible export', () => {
  let p: Created;
  let c: ReturnType<typeof client>;
  let importId: string;
  const q = range('2026-10-01', '2026-10-03');

  beforeAll(async () => {
    p = await createProject(svc.url);
    c = client(p);
  });

  it('imports the ZIP of its tables, skipping a bad row and the tables no route reads', async () => {
    const res = await c.upload('plausible', plausibleZip(), 'application/zip', 'plausible-export.zip');
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    importId = body.id;
    expect(body).toMatchObject({
      source: 'plausible', fileName: 'plausible-export.zip', firstDay: '2026-10-01', lastDay: '2026-10-03', days: 3,
      rowsSkipped: 1, totals: { visits: 170, pageviews: 510, events: 25 },
    });
    expect((await c.get('/v1/imports')).imports.map((i: any) => i.id)).toEqual([importId]);
  });

  it('answers the imported totals with withImported, and exactly the collected data without', async () => {
    const without = await c.get(`/v1/stats/overview?${q}`);
    expect(without).toMatchObject({ visitors: 0, pageviews: 0 });
    expect(without.imported).toBeUndefined();
    const o = await c.get(`/v1/stats/overview?${q}&withImported=true`);
    expect(o).toMatchObject({
      visitors: 170, pageviews: 510, events: 25, bounceRate: 0.4, avgVisitDurationSeconds: 120, viewsPerVisit: 3,
      imported: { included: true, days: 3 },
    });
    expect(pairs(o.bySource, 'source')).toEqual({ google: 120, direct: 30, 'news.example.org': 20 });
    const ts = await c.get(`/v1/stats/timeseries?${q}&withImported=1`);
    expect(ts.points.map((x: any) => [x.date, x.visitors, x.pageviews])).toEqual([['2026-10-01', 100, 300], ['2026-10-02', 50, 150], ['2026-10-03', 20, 60]]);
    expect((await c.get(`/v1/stats/pages?${q}&withImported=1`)).results).toEqual([{ path: '/', pageviews: 330, visitors: 110 }, { path: '/pricing', pageviews: 180, visitors: 60 }]);
    expect(pairs((await c.get(`/v1/stats/countries?${q}&withImported=1`)).results, 'country')).toEqual({ US: 80, DE: 70, FR: 20 });
    const d = await c.get(`/v1/stats/devices?${q}&withImported=1`);
    expect(pairs(d.browsers, 'name')).toEqual({ Chrome: 90, Firefox: 50, Safari: 30 });
    expect(pairs(d.os, 'name')).toEqual({ 'Mac OS': 70, Linux: 50, iOS: 30, Windows: 20 });
    expect(pairs(d.deviceTypes, 'name')).toEqual({ desktop: 120, mobile: 30, tablet: 20 });
    const ev = (await c.get(`/v1/stats/events?${q}&withImported=1`)).results;
    expect(ev.map((r: any) => [r.name, r.events])).toEqual([['Signup', 21], ['Outbound Link: Click', 4]]);
    const b = await c.get(`/v1/stats/breakdown?property=visit:source&${q}&withImported=1`);
    expect(b.results[0]).toMatchObject({ value: 'google', label: 'Google', visitors: 120, pageviews: 350 });
    // Imports are daily sums per dimension: a filtered question answers collected data and says so.
    const filtered = await c.get(`/v1/stats/overview?${q}&withImported=1&filters=${encodeURIComponent('[["is","visit:country",["DE"]]]')}`);
    expect(filtered).toMatchObject({ visitors: 0, imported: { included: false, reason: 'filtered' } });
    expect((await c.get(`/v1/stats/breakdown?property=visit:region&${q}&withImported=1`)).imported).toEqual({ included: false, days: 0, reason: 'dimension' });
  });

  it('never counts a day twice: a day with collected events answers from them alone', async () => {
    const sessionId = randomUUID();
    const events = [0, 1, 2].map((i) => ({ id: randomUUID(), createdAt: `2026-10-02T12:0${i}:00.000Z`, sessionId, eventType: 'pageview', path: i ? '/pricing' : '/' }));
    const res = await c.call('/v1/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events }) });
    expect(res.status).toBe(200);
    const o = await c.get(`/v1/stats/overview?${q}&withImported=1`);
    // Days 1 and 3 imported (100 + 20 visits, 300 + 60 page views), day 2 collected (1 session, 3 page views).
    expect(o).toMatchObject({ visitors: 121, pageviews: 363, imported: { included: true, days: 2 } });
    const ts = await c.get(`/v1/stats/timeseries?${q}&withImported=1`);
    expect(ts.points.map((x: any) => x.pageviews)).toEqual([300, 3, 60]);
    expect((await c.get(`/v1/stats/pages?${q}&withImported=1`)).results).toEqual([{ path: '/', pageviews: 241, visitors: 81 }, { path: '/pricing', pageviews: 122, visitors: 41 }]);
  });

  it('refuses an import overlapping another, and a deleted import leaves only the collected data', async () => {
    const again = await c.upload('plausible', plausibleZip((f) => !f.startsWith('imported_visitors')), 'application/zip');
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('conflict');
    expect((await c.call(`/v1/imports/${importId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await c.call(`/v1/imports/${importId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await c.get('/v1/imports')).imports).toEqual([]);
    expect(await c.get(`/v1/stats/overview?${q}&withImported=1`)).toMatchObject({ visitors: 1, pageviews: 3, imported: { included: true, days: 0 } });
  });

  it('refuses what it cannot read with a clear 400, and keys that may not import', async () => {
    const csv = await c.upload('plausible', readFileSync(path.join(FIXTURES, 'umami.csv')), 'text/csv');
    expect(csv.status).toBe(400);
    expect((await csv.json()).error).toMatchObject({ code: 'bad_request', message: expect.stringContaining('ZIP') });
    const noTables = await c.upload('plausible', zipSync({ 'notes.txt': new TextEncoder().encode('hello') }), 'application/zip');
    expect(noTables.status).toBe(400);
    expect((await noTables.json()).error.message).toContain('none of Plausible');
    const broken = await c.upload('plausible', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'application/zip');
    expect(broken.status).toBe(400);
    const badSource = await c.upload('matomo', plausibleZip(), 'application/zip');
    expect(badSource.status).toBe(400);
    const keyRes = await c.call('/v1/keys/read', { method: 'POST' });
    const readKey = (await keyRes.json()).apiKey as string;
    const asReader = await api(svc.url, readKey)('/v1/imports?source=plausible', { method: 'POST', headers: { 'content-type': 'application/zip' }, body: Buffer.from(plausibleZip()) });
    expect(asReader.status).toBe(403);
  });
});

describe('event rows from Umami and Google Analytics 4', () => {
  it('sums Umami rows into visits, bounces and durations the way the collector counts them', async () => {
    const c = client(await createProject(svc.url));
    const res = await c.upload('umami', readFileSync(path.join(FIXTURES, 'umami.csv')), 'text/csv');
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ firstDay: '2026-09-10', lastDay: '2026-09-11', days: 2, rowsRead: 8, rowsSkipped: 1, totals: { visits: 4, pageviews: 6, events: 1 } });
    const q = range('2026-09-10', '2026-09-11');
    // Visits: 3 min (3 page views... 2 page views and an event), a bounce, 5 min, a bounce.
    expect(await c.get(`/v1/stats/overview?${q}&withImported=1`)).toMatchObject({ visitors: 4, pageviews: 6, events: 1, bounceRate: 0.5, avgVisitDurationSeconds: 120, viewsPerVisit: 1.5 });
    expect(pairs((await c.get(`/v1/stats/sources?${q}&withImported=1`)).results, 'source')).toEqual({ direct: 2, google: 1, hackernews: 1 });
    expect(pairs((await c.get(`/v1/stats/pages?${q}&withImported=1`)).results, 'path', 'pageviews')).toEqual({ '/': 3, '/pricing': 1, '/docs': 1, '/docs/api': 1 });
    const d = await c.get(`/v1/stats/devices?${q}&withImported=1`);
    expect([pairs(d.browsers, 'name'), pairs(d.os, 'name'), pairs(d.deviceTypes, 'name')]).toEqual([
      { Chrome: 2, Firefox: 1, 'Mobile Safari': 1 }, { 'Mac OS': 2, Windows: 1, iOS: 1 }, { desktop: 3, mobile: 1 },
    ]);
    expect(pairs((await c.get(`/v1/stats/countries?${q}&withImported=1`)).results, 'country')).toEqual({ DE: 2, US: 1, FR: 1 });
  });

  it('reads the GA4 BigQuery export: page views, custom events, GA4 bookkeeping skipped, country names as codes', async () => {
    const c = client(await createProject(svc.url));
    const res = await c.upload('ga4', readFileSync(path.join(FIXTURES, 'ga4.ndjson'), 'utf8'), 'application/x-ndjson');
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ firstDay: '2026-08-05', lastDay: '2026-08-05', days: 1, rowsRead: 7, rowsSkipped: 1, totals: { visits: 2, pageviews: 3, events: 1 } });
    const q = range('2026-08-05', '2026-08-05');
    expect(await c.get(`/v1/stats/overview?${q}&withImported=1`)).toMatchObject({ visitors: 2, pageviews: 3, events: 1, bounceRate: 0.5, avgVisitDurationSeconds: 60 });
    expect(pairs((await c.get(`/v1/stats/sources?${q}&withImported=1`)).results, 'source')).toEqual({ google: 1, direct: 1 });
    expect(pairs((await c.get(`/v1/stats/countries?${q}&withImported=1`)).results, 'country')).toEqual({ DE: 1, US: 1 });
    expect(pairs((await c.get(`/v1/stats/pages?${q}&withImported=1`)).results, 'path', 'pageviews')).toEqual({ '/': 1, '/pricing': 1, '/blog': 1 });
    expect((await c.get(`/v1/stats/events?${q}&withImported=1`)).results.map((r: any) => [r.name, r.events])).toEqual([['sign_up', 1]]);
  });
});

describe('the dashboard shows imported data (chromium)', () => {
  it.skipIf(!hasPackage('chromium'))('with the API\'s numbers and a note saying how many days were imported', { timeout: 60_000 }, async () => {
    const p = await createProject(svc.url);
    const c = client(p);
    expect((await c.upload('plausible', plausibleZip(), 'application/zip')).status).toBe(201);
    const chromium = await launchChromium();
    try {
      const page = await chromium.browser.newPage();
      await page.goto(`${svc.url}/dashboard?period=custom&from=2026-10-01&to=2026-10-03&timezone=UTC`);
      await page.waitForSelector('#key');
      await page.type('#key', p.apiKey);
      await page.click('#signin-form button');
      await page.waitForSelector('body[data-ready="1"]', { timeout: 15_000 });
      const cards = await page.$$eval('[data-metric]', (els) => Object.fromEntries(els.map((e) => [e.getAttribute('data-metric'), Number(e.getAttribute('data-raw'))])));
      const o = await c.get(`/v1/stats/overview?${range('2026-10-01', '2026-10-03')}&withImported=1`);
      expect(cards).toMatchObject({ visitors: o.visitors, pageviews: o.pageviews, bounceRate: o.bounceRate, events: o.events });
      expect(cards.visitors).toBe(170);
      expect(await page.$eval('#imported', (e) => [(e as HTMLElement).hidden, e.getAttribute('data-days'), e.textContent])).toEqual([false, '3', 'Includes 3 days of data imported from another analytics tool.']);
      const pagesShown = await page.$$eval('table[data-panel="event:page"] tr[data-value]', (els) => els.map((e) => [e.getAttribute('data-value'), Number(e.getAttribute('data-visitors'))]));
      expect(pagesShown).toEqual([['/', 110], ['/pricing', 60]]);
    } finally {
      await chromium.close();
    }
  });
});

describe('an upload that is not what its source says', () => {
  it('is a 400 naming the CSV fault, never a 500', async () => {
    const c = client(await createProject(svc.url));
    const res = await c.upload('umami', '{"event_name":"page_view","user_pseudo_id":"1"}\n', 'application/x-ndjson');
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: 'bad_request', message: expect.stringContaining('not CSV') });
  });
});
