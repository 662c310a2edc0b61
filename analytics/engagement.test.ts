import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { api, beacon, createProject, startAnalytics, type Created } from './testing.ts';
import { trackerSource } from './tracker.ts';
import { pageEngagement } from '../db/analytics/pageEngagement.ts';
import { runRetention } from './retention.ts';
import { DESKTOP_CHROME, launchChromium, type LaunchedBrowser } from '../test/browser.ts';
import { hasPackage, needs } from '../test/systemPackages.ts';

/** Waits for a condition (beacons are written after the page has gone), never for a guessed time. */
async function until<T>(get: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await get();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`condition not met in time; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('engagement: scroll depth and engaged time per page', () => {
  let svc: Awaited<ReturnType<typeof startAnalytics>>;
  let p: Created;
  let get: (path: string) => Promise<any>;

  beforeAll(async () => {
    svc = await startAnalytics();
    p = await createProject(svc.url, { allowLocalOrigins: true });
    const call = api(svc.url, p.apiKey);
    get = async (path) => (await call(path)).json();
  }, 60_000);
  afterAll(async () => svc?.close());

  const row = async (path: string, qs = 'period=24h') => ((await get(`/v1/stats/pages?${qs}`)).results as any[]).find((r) => r.path === path);
  /** Waits (on the database, not the rate-limited API) for a page's engagement to be tallied. */
  const tallied = (path: string, samples = 1) => until(
    async () => Number((await svc.db('analytics_page_engagement').where({ project_id: p.project.id, path }).sum({ n: 'samples' }))[0]!.n ?? 0),
    (n) => n >= samples,
  );

  it('the extension stays small and the beacon is checked like a page view', async () => {
    const size = (ext: Parameters<typeof trackerSource>[0] = []) => gzipSync(trackerSource(ext)).length;
    expect(size(['engagement']) - size()).toBeLessThan(450);
    const domain = p.project.domains[0]!;
    const send = (body: Record<string, unknown>) => fetch(`${svc.url}/v1/collect/engagement`, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': DESKTOP_CHROME }, body: JSON.stringify(body) });
    const base = { projectId: p.project.id, url: `https://${domain}/api-page`, scrollDepth: 40, engagedMs: 3000 };
    expect((await send({ ...base, url: 'https://evil.test/' })).status).toBe(403);
    expect((await send({ ...base, scrollDepth: 101 })).status).toBe(400);
    expect((await send({ ...base, engagedMs: -1 })).status).toBe(400);
    expect((await send({ ...base, projectId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    // Engagement without a page view in the period is not shown: the pages list comes from page views.
    expect((await send(base)).status).toBe(202);
    expect((await send({ ...base, scrollDepth: 80, engagedMs: 5000 })).status).toBe(202);
    expect((await beacon(svc.url, { projectId: p.project.id, type: 'pageview', url: base.url })).status).toBe(202);
    await tallied('/api-page', 2);
    const r = await until(() => row('/api-page'), (x) => x !== undefined);
    expect(r).toMatchObject({ pageviews: 1, scrollDepth: 60, timeOnPage: 4 });
    const bp = (await get('/v1/stats/breakdown?property=event:page&period=24h')).results.find((x: any) => x.value === '/api-page');
    expect(bp).toMatchObject({ scrollDepth: 60, timeOnPage: 4 });
    // Under a visit filter the per-page tallies would answer another question: left out.
    const filtered = await get(`/v1/stats/pages?period=24h&filters=${encodeURIComponent('[["is","visit:country",["DE"]]]')}`);
    expect(filtered.results.every((x: any) => x.scrollDepth === undefined)).toBe(true);
  });

  it('a period reads whole UTC days from the day tallies and its edge hours from the hour tallies, summing to the hours\' total', async () => {
    const other = await createProject(svc.url);
    const id = other.project.id;
    // Four days of hours on three pages, each hour a different count, and the day tallies the ingest keeps beside them.
    await svc.db.raw(`INSERT INTO analytics_page_engagement (project_id, hour, path, samples, scroll_sum, engaged_ms_sum)
      SELECT ?, timestamptz '2026-11-20T00:00:00Z' + h * interval '1 hour', '/p' || n, 1 + (h + n) % 4, 10 * h + n, 1000 * h
      FROM generate_series(0, 95) h, generate_series(0, 2) n`, [id]);
    await svc.db.raw(`INSERT INTO analytics_page_engagement_daily (project_id, day, path, samples, scroll_sum, engaged_ms_sum)
      SELECT project_id, date_trunc('day', hour, 'UTC'), path, sum(samples), sum(scroll_sum), sum(engaged_ms_sum)
      FROM analytics_page_engagement WHERE project_id = ? GROUP BY 1, 2, 3`, [id]);
    const at = (s: string) => new Date(`2026-11-${s}Z`);
    for (const [from, to] of [['20T00:00', '24T00:00'], ['20T23:00', '23T05:00'], ['21T03:30', '21T09:00'], ['21T00:00', '22T00:00'], ['22T17:45', '25T00:00']]) {
      const got = (await pageEngagement(svc.db, id, at(from!), at(to!), ['/p0', '/p1', '/p2', '/none'])).map((r) => [r.path, r.samples, r.scrollSum, r.engagedMsSum]);
      const { rows } = await svc.db.raw(`SELECT path, sum(samples)::float8 AS n, sum(scroll_sum)::float8 AS s, sum(engaged_ms_sum)::float8 AS m FROM analytics_page_engagement
        WHERE project_id = ? AND hour >= date_trunc('hour', ?::timestamptz) AND hour < ? GROUP BY path`, [id, at(from!), at(to!)]);
      expect(got.sort(), `${from}..${to}`).toEqual(rows.map((r: any) => [r.path, r.n, r.s, r.m]).sort());
    }
  });

  it('retention deletes engagement tallies older than the project keeps its events', async () => {
    const other = await createProject(svc.url);
    const id = other.project.id;
    const now = Date.now();
    for (const at of [now - 500 * 86400_000, now - 86400_000]) {
      await svc.db.raw(`INSERT INTO analytics_page_engagement (project_id, hour, path, samples, scroll_sum, engaged_ms_sum) VALUES (?, date_trunc('hour', ?::timestamptz), '/', 1, 50, 1000)`, [id, new Date(at)]);
      await svc.db.raw(`INSERT INTO analytics_page_engagement_daily (project_id, day, path, samples, scroll_sum, engaged_ms_sum) VALUES (?, date_trunc('day', ?::timestamptz, 'UTC'), '/', 1, 50, 1000)`, [id, new Date(at)]);
    }
    await runRetention(svc.db, new Date(now));
    for (const table of ['analytics_page_engagement', 'analytics_page_engagement_daily']) {
      expect(Number((await svc.db(table).where({ project_id: id }).count({ n: '*' }))[0]!.n), table).toBe(1);
    }
  });

  describe('in a real browser (chromium)', () => {
    let chromium: LaunchedBrowser;
    let browser: Browser;
    let site: http.Server;
    let origin: string;

    beforeEach((ctx) => needs(ctx, 'chromium'));
    beforeAll(async () => {
      if (!hasPackage('chromium')) return;
      const script = `${svc.url}/script.engagement.js`;
      site = http.createServer((req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(`<!doctype html><html><head><style>body{margin:0}</style><script defer data-project="${p.project.id}" src="${script}"></script></head>
          <body><div style="height:${req.url === '/away' ? 100 : 4000}px">${req.url}</div></body></html>`);
      });
      await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
      origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
      // A beacon sent as the page goes is sent by the browser, with its own user agent, not a tab's
      // override; a headless one would be a bot, whose engagement is not tallied.
      chromium = await launchChromium([`--user-agent=${DESKTOP_CHROME}`]);
      browser = chromium.browser;
    }, 60_000);
    afterAll(async () => {
      await chromium?.close();
      site?.close();
    });

    async function open(path: string): Promise<Page> {
      const page = await browser.newPage();
      await page.setUserAgent({ userAgent: DESKTOP_CHROME });
      await page.setViewport({ width: 1200, height: 800 });
      await page.goto(`${origin}${path}`);
      await page.waitForFunction(() => typeof (window as any).switchyard === 'function');
      return page;
    }

    /** Scrolls so that the viewport's bottom is at `fraction` of the page, and waits for the scroll event to reach the page. */
    async function scrollTo(page: Page, fraction: number) {
      await page.evaluate((f) => new Promise<void>((resolve) => {
        window.addEventListener('scroll', () => requestAnimationFrame(() => resolve()), { once: true });
        window.scrollTo(0, document.documentElement.scrollHeight * f - window.innerHeight);
      }), fraction);
    }

    it('a page scrolled to 75% and left shows scroll depth 75 and an engaged time; a hidden tab gathers no engaged time', { timeout: 60_000 }, async () => {
      const page = await open('/long');
      expect(await page.evaluate(() => document.visibilityState)).toBe('visible');
      await scrollTo(page, 0.5);
      await scrollTo(page, 0.75);
      // Engaged time is counted on a clock: wait until some has passed, on the page's own clock.
      await page.evaluate(() => new Promise((r) => setTimeout(r, 150)));
      await page.goto(`${origin}/away`);
      await tallied('/long');
      const long = await until(() => row('/long'), (x) => x?.scrollDepth !== undefined);
      expect(long.pageviews).toBe(1);
      expect(long.scrollDepth).toBeCloseTo(75, 0);
      expect(long.timeOnPage).toBeGreaterThan(0);

      // Another tab comes to the front: this one is hidden (a real visibilitychange), for a second on its own clock.
      const bg = await open('/background');
      await scrollTo(bg, 0.5);
      await bg.evaluate(() => document.addEventListener('visibilitychange', () => ((window as any).hiddenAt = performance.now()), { once: true }));
      const front = await browser.newPage();
      await front.bringToFront();
      const visibleMs = await bg.evaluate(() => new Promise<number>((resolve) => {
        const wait = () => ((window as any).hiddenAt && performance.now() - (window as any).hiddenAt > 1000 ? resolve((window as any).hiddenAt) : setTimeout(wait, 20));
        wait();
      }));
      await bg.goto(`${origin}/away`);
      await tallied('/background');
      const hidden = await until(() => row('/background'), (x) => x?.scrollDepth !== undefined);
      expect(hidden.scrollDepth).toBeCloseTo(50, 0);
      // At most the time before it was hidden (plus the answer's rounding to 0.1 s): the hidden second is not counted.
      expect(hidden.timeOnPage * 1000).toBeLessThanOrEqual(visibleMs + 50);

      // A single-page navigation ends the page view too: its engagement goes before the next page's.
      const spa = await open('/spa-first');
      await scrollTo(spa, 0.5);
      await spa.evaluate(() => history.pushState({}, '', '/spa-second'));
      await tallied('/spa-first');
      expect((await row('/spa-first')).scrollDepth).toBeCloseTo(50, 0);

      // The dashboard's pages table shows them.
      const dash = await browser.newPage();
      await dash.goto(`${svc.url}/dashboard`);
      await dash.waitForSelector('#key');
      await dash.type('#key', p.apiKey);
      await dash.click('#signin-form button');
      await dash.waitForSelector('body[data-ready="1"]', { timeout: 15_000 });
      const cell = (col: string) => dash.$eval(`table[data-panel="event:page"] tr[data-value="/long"] td[data-col="${col}"]`, (e) => e.textContent);
      expect(await cell('scrollDepth')).toBe('75%');
      expect(await cell('timeOnPage')).toMatch(/^\d+s$/);
      await Promise.all([page.close(), bg.close(), front.close(), spa.close(), dash.close()]);
    });
  });
});
