import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { api, createProject, sleep, startAnalytics, type Created } from './testing.ts';
import { artefactPath, DESKTOP_CHROME, launchChromium, type LaunchedBrowser } from '../test/browser.ts';
import { hasPackage, needs } from '../test/systemPackages.ts';

function seed(n: number) {
  const base = Date.now() - 4 * 86400_000;
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const sessionId = randomUUID();
    const at = base + i * 23 * 60_000;
    const common = { sessionId, country: ['DE', 'US', 'FR', 'JP'][i % 4], regionCode: ['DE-BE', 'US-CA', 'FR-IDF', 'JP-13'][i % 4], trafficSource: ['google', 'direct', 'news.ycombinator.com'][i % 3],
      browser: ['Chrome', 'Firefox', 'Safari'][i % 3], os: ['Windows', 'macOS', 'iOS'][i % 3], deviceType: ['desktop', 'desktop', 'mobile'][i % 3], locale: ['en-us', 'de'][i % 2] };
    out.push({ ...common, id: randomUUID(), createdAt: new Date(at).toISOString(), eventType: 'pageview', path: `/p/${i % 6}` });
    if (i % 2) out.push({ ...common, id: randomUUID(), createdAt: new Date(at + 90_000).toISOString(), eventType: 'pageview', path: '/pricing' });
    if (i % 5 === 0) out.push({ ...common, id: randomUUID(), createdAt: new Date(at + 120_000).toISOString(), eventType: 'event', eventName: 'Signup', path: '/pricing', props: { plan: 'pro' } });
  }
  return out;
}

describe('the dashboard and the tracker in a real browser (chromium)', () => {
  let svc: Awaited<ReturnType<typeof startAnalytics>>;
  let p: Created;
  let chromium: LaunchedBrowser;
  let browser: Browser;
  let get: (path: string) => Promise<any>;

  beforeEach((ctx) => needs(ctx, 'chromium'));
  beforeAll(async () => {
    if (!hasPackage('chromium')) return;
    svc = await startAnalytics();
    p = await createProject(svc.url, { allowLocalOrigins: true });
    const call = api(svc.url, p.apiKey);
    get = async (path) => (await call(path)).json();
    await call('/v1/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events: seed(180) }) });
    await call('/v1/goals', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page: '/pricing', displayName: 'Saw pricing' }) });
    await call('/v1/funnels', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Buy', steps: [{ page: '/pricing' }, { event: 'Signup' }] }) });
    chromium = await launchChromium();
    browser = chromium.browser;
  }, 90_000);
  afterAll(async () => {
    await chromium?.close();
    await svc?.close();
  });

  async function open(url: string, width = 1280, height = 900): Promise<Page> {
    const page = await browser.newPage();
    await page.setViewport({ width, height, isMobile: width < 600, hasTouch: width < 600 });
    await page.emulateTimezone('Europe/Berlin');
    await page.goto(url);
    return page;
  }
  const ready = (page: Page) => page.waitForSelector('body[data-ready="1"]', { timeout: 15_000 });
  const cards = (page: Page) => page.$$eval('[data-metric]', (els) => Object.fromEntries(els.map((e) => [e.getAttribute('data-metric'), Number(e.getAttribute('data-raw'))])));
  const rows = (page: Page, property: string) => page.$$eval(`table[data-panel="${property}"] tr[data-value]`, (els) => els.map((e) => [e.getAttribute('data-value'), Number(e.getAttribute('data-visitors'))]));

  it('signs in with a key and shows exactly the API\'s numbers, also after filtering by a click', { timeout: 90_000 }, async () => {
    const page = await open(`${svc.url}/dashboard`);
    await page.waitForSelector('#key');
    await page.type('#key', 'an_read_wrong');
    await page.click('#signin-form button');
    await page.waitForFunction(() => document.getElementById('signin-error')!.textContent!.length > 0);
    await page.$eval('#key', (e) => ((e as HTMLInputElement).value = ''));
    await page.type('#key', p.apiKey);
    await page.click('#signin-form button');
    await ready(page);
    const qs = 'period=7d&timezone=Europe/Berlin';
    const o = await get(`/v1/stats/overview?${qs}`);
    expect(await cards(page)).toEqual({ visitors: o.visitors, pageviews: o.pageviews, bounceRate: o.bounceRate, avgVisitDurationSeconds: o.avgVisitDurationSeconds, viewsPerVisit: o.viewsPerVisit, events: o.events });
    expect(o.visitors).toBeGreaterThan(100);
    const ts = await get(`/v1/stats/timeseries?${qs}`);
    expect(JSON.parse((await page.$eval('#chart', (e) => e.getAttribute('data-points')))!)).toEqual(ts.points.map((x: any) => x.visitors));
    const api10 = async (property: string) => (await get(`/v1/stats/breakdown?property=${property}&${qs}&limit=10`)).results.map((r: any) => [r.value ?? '(none)', r.visitors]);
    expect(await rows(page, 'event:page')).toEqual(await api10('event:page'));
    expect(await rows(page, 'visit:channel_group')).toEqual(await api10('visit:channel_group'));
    await page.evaluate(() => [...document.querySelectorAll('.tabs button')].find((b) => b.textContent === 'Channels')!.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    await page.waitForSelector('table[data-panel="visit:channel"] tr[data-value]');
    expect(await rows(page, 'visit:channel')).toEqual(await api10('visit:channel'));
    const goals = await page.$$eval('#goals tr[data-goal]', (els) => els.map((e) => [e.getAttribute('data-goal'), Number(e.getAttribute('data-visitors'))]));
    expect(goals).toEqual((await get(`/v1/stats/goals?${qs}`)).results.map((r: any) => [r.name, r.visitors]));
    await page.waitForSelector('#funnel [data-step]');
    const funnel = await get(`/v1/stats/funnel?steps=${encodeURIComponent('[{"page":"/pricing"},{"event":"Signup"}]')}&${qs}`);
    expect(await page.$$eval('#funnel [data-step]', (els) => els.map((e) => Number(e.getAttribute('data-visitors'))))).toEqual(funnel.steps.map((s: any) => s.visitors));
    await page.screenshot({ path: await artefactPath('dashboard-desktop.png'), fullPage: true });

    // Locations tab, then a click on Germany filters the whole page.
    await page.evaluate(() => [...document.querySelectorAll('.tabs button')].find((b) => b.textContent === 'Countries')!.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    await page.waitForSelector('table[data-panel="visit:country"] tr[data-value="DE"]');
    await page.evaluate(() => document.body.removeAttribute('data-ready'));
    await page.click('table[data-panel="visit:country"] tr[data-value="DE"]');
    await ready(page);
    const filtered = await get(`/v1/stats/overview?${qs}&filters=${encodeURIComponent('[["is","visit:country",["DE"]]]')}`);
    expect((await cards(page)).visitors).toBe(filtered.visitors);
    expect(filtered.visitors).toBeLessThan(o.visitors);
    expect(page.url()).toContain('filters=');

    // A session's timeline.
    await page.waitForSelector('#sessions tr[data-session]');
    const shown = await page.$eval('#sessions tr[data-session]', (e) => e.getAttribute('data-session'));
    await page.click('#sessions tr[data-session]');
    await page.waitForSelector('#timeline li[data-event]');
    expect(await page.$eval('#timeline h2', (e) => e.textContent)).toContain(` · ${(await get(`/v1/sessions/${shown}`)).session.channelGroup} · `);
    await page.close();
  });

  it('works at a phone\'s width: one column, nothing wider than the screen', { timeout: 60_000 }, async () => {
    const link = await (await api(svc.url, p.apiKey)('/v1/shared-links', { method: 'POST' })).json();
    const page = await open(link.url, 390, 844);
    await ready(page);
    const layout = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      width: window.innerWidth,
      panels: [...document.querySelectorAll('#panels .panel')].map((e) => { const r = e.getBoundingClientRect(); return { x: r.x, width: r.width }; }),
    }));
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.width);
    expect(layout.panels.length).toBeGreaterThan(3);
    // Stacked: every panel starts at the same x and spans (nearly) the screen.
    expect(new Set(layout.panels.map((r) => Math.round(r.x))).size).toBe(1);
    for (const r of layout.panels) expect(r.width).toBeGreaterThan(layout.width * 0.85);
    expect((await cards(page)).visitors).toBe((await get('/v1/stats/overview?period=7d&timezone=Europe/Berlin')).visitors);
    // A shared link shows no sessions and no sign-out.
    expect(await page.$eval('#sessions-panel', (e) => (e as HTMLElement).hidden)).toBe(true);
    await page.screenshot({ path: await artefactPath('dashboard-phone.png'), fullPage: true });
    // Revoked: the page says so.
    await api(svc.url, p.apiKey)(`/v1/shared-links/${link.id}`, { method: 'DELETE' });
    await page.reload();
    await page.waitForFunction(() => document.getElementById('signin-error')?.textContent?.includes('revoked'), { timeout: 10_000 });
    await page.close();
  });

  it('the tracker: page views, hash routing, outbound links (target=_blank), downloads, 404s and revenue', { timeout: 60_000 }, async () => {
    const script = `${svc.url}/script.outbound-links.file-downloads.404.hash.revenue.js`;
    const site = http.createServer((req, res) => {
      const notFound = req.url!.startsWith('/missing');
      res.writeHead(notFound ? 404 : 200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><html lang="de"><head>${notFound ? '<meta name="switchyard-404">' : ''}
        <script defer data-project="${p.project.id}" src="${script}"></script></head><body>
        <a id="out" href="https://example.org/elsewhere" target="_blank">out</a>
        <a id="file" href="/files/report.pdf">pdf</a>
        <a id="hash" href="#/about">about</a></body></html>`);
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    try {
      const page = await browser.newPage();
      await page.setUserAgent({ userAgent: DESKTOP_CHROME });
      await page.setRequestInterception(true);
      // The outbound tab and the file never leave the machine.
      page.on('request', (r) => (r.url().startsWith('https://example.org') || r.url().endsWith('.pdf') ? r.respond({ status: 204, body: '' }) : r.continue()));
      const onTab = async (t: import('puppeteer-core').Target) => {
        if (!t.opener()) return;
        const tab = await t.page();
        await tab?.setRequestInterception(true);
        tab?.on('request', (r) => r.respond({ status: 204, body: '' }));
      };
      browser.on('targetcreated', onTab);
      await page.goto(`${origin}/start?utm_source=newsletter&utm_medium=email&utm_term=analytics&utm_content=footer`);
      await page.waitForFunction(() => typeof (window as any).switchyard === 'function');
      // DOM clicks: the test needs the page's own handlers, not mouse input to a background tab.
      await page.$eval('#out', (a) => (a as HTMLElement).click());
      await page.$eval('#hash', (a) => (a as HTMLElement).click());
      await page.evaluate(() => (window as any).switchyard('event', 'Purchase', { plan: 'pro' }, { revenue: { amount: 29.9, currency: 'eur' } }));
      await page.$eval('#file', (a) => (a as HTMLElement).click());
      await sleep(300);
      browser.off('targetcreated', onTab);
      const missing = await browser.newPage();
      await missing.setUserAgent({ userAgent: DESKTOP_CHROME });
      await missing.goto(`${origin}/missing/page`);
      await sleep(400);
      const events = await svc.db('analytics_events').where({ project_id: p.project.id }).where('created_at', '>', new Date(Date.now() - 60_000))
        .orderBy('created_at').select('event_type', 'event_name', 'path', 'props', 'revenue_amount', 'revenue_currency', 'utm_term', 'utm_content', 'is_bot', 'locale');
      const summary = events.map((e: any) => `${e.event_type}:${e.event_name ?? ''}:${e.path}`);
      expect(summary).toEqual(expect.arrayContaining([
        'pageview::/start', 'event:Outbound Link: Click:/start', 'pageview::/start#/about', 'event:Purchase:/start', 'event:File Download:/start',
        'pageview::/missing/page', 'event:404:/missing/page',
      ]));
      expect(events.find((e: any) => e.event_name === 'Outbound Link: Click').props).toEqual({ url: 'https://example.org/elsewhere' });
      expect(events.find((e: any) => e.event_name === 'File Download').props).toEqual({ url: `${origin}/files/report.pdf` });
      expect(events.find((e: any) => e.event_name === 'Purchase')).toMatchObject({ revenue_amount: '29.900000', revenue_currency: 'EUR', props: { plan: 'pro' } });
      expect(events[0]).toMatchObject({ utm_term: 'analytics', utm_content: 'footer', is_bot: false, locale: 'de' });
      await page.close();
      await missing.close();
    } finally {
      site.close();
    }
  });
});
