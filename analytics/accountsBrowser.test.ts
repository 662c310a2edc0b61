import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { api, createProject, linkIn, Person, startAnalytics, type Created } from './testing.ts';
import { launchChromium, type LaunchedBrowser } from '../test/browser.ts';
import { hasPackage, needs } from '../test/systemPackages.ts';
import { startSmtpSink, type SmtpSink } from '../test/smtp.ts';

const PASSWORD = 'correct horse battery';
const CLIENT = { client_id: 'switchyard-analytics', client_secret: 'analytics-test-secret-0123456789abcdef' };
const PEOPLE: Record<string, { email: string; email_verified: boolean; name: string }> = {
  grace: { email: 'grace@example.com', email_verified: true, name: 'Grace Hopper' },
  eve: { email: 'eve@example.com', email_verified: true, name: 'Eve Nobody' },
};

describe('people in the dashboard (chromium): invitations, roles, protected share links', () => {
  let idpServer: http.Server;
  let svc: Awaited<ReturnType<typeof startAnalytics>>;
  let smtp: SmtpSink;
  let p: Created;
  let chromium: LaunchedBrowser;
  let browser: Browser;
  const ownerEmail = `owner-${randomUUID()}@example.com`;

  beforeEach((ctx) => needs(ctx, 'chromium'));
  beforeAll(async () => {
    if (!hasPackage('chromium')) return;
    smtp = await startSmtpSink();
    // A real identity provider on loopback: its address is needed before the service starts, the service's before the client is registered.
    idpServer = http.createServer();
    await new Promise<void>((resolve) => idpServer.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(idpServer.address() as AddressInfo).port}`;
    svc = await startAnalytics({
      SMTP_URL: smtp.url, ANALYTICS_SCRYPT_LOG_N: '10',
      ANALYTICS_OIDC_ISSUER: issuer, ANALYTICS_OIDC_CLIENT_ID: CLIENT.client_id, ANALYTICS_OIDC_CLIENT_SECRET: CLIENT.client_secret,
    });
    const idp = new Provider(issuer, {
      clients: [{ ...CLIENT, redirect_uris: [`${svc.url}/v1/account/sign-in/oidc/callback`], response_types: ['code'], grant_types: ['authorization_code'] }],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      cookies: { keys: ['analytics-test-cookie-key'] },
      ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
      findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: () => ({ sub: id, ...PEOPLE[id] }) }),
    } as never);
    idpServer.on('request', idp.callback());
    p = await createProject(svc.url, { name: 'Shop' });
    const events = Array.from({ length: 9 }, (_, i) => ({
      sessionId: randomUUID(), createdAt: new Date(Date.now() - (i + 1) * 3600_000).toISOString(), eventType: 'pageview', path: `/p/${i % 3}`, country: 'DE',
    }));
    await api(svc.url, p.apiKey)('/v1/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events }) });
    // The site's first owner: invited with the live key (sign-up is by invitation here), accepted over the API.
    await api(svc.url, p.apiKey)('/v1/invitations', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ownerEmail, role: 'owner' }) });
    const { token } = linkIn((await smtp.next((m) => (m.to as { text: string }).text === ownerEmail)).text!, 'invite');
    expect((await new Person(svc.url).json('/v1/invitations/accept', { body: { token, password: PASSWORD } })).status).toBe(200);
    chromium = await launchChromium();
    browser = chromium.browser;
  }, 90_000);
  afterAll(async () => {
    await chromium?.close();
    await svc?.close();
    await smtp?.close();
    await new Promise((resolve) => idpServer?.close(resolve));
  });

  /** A page in a browser context of its own: its own cookies, as another person's browser; loopback only (the provider's login page imports a web font). */
  async function fresh(url: string): Promise<Page> {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setRequestInterception(true);
    page.on('request', (req) => (new URL(req.url()).hostname === '127.0.0.1' ? req.continue() : req.abort()));
    await page.goto(url);
    return page;
  }
  /** The identity provider's own login and consent pages, as a person fills them in. */
  async function throughProvider(page: Page, login: string): Promise<void> {
    await page.waitForSelector('input[name="login"]');
    await page.type('input[name="login"]', login);
    await page.type('input[name="password"]', 'any');
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
  }
  const ready = (page: Page) => page.waitForSelector('body[data-ready="1"]', { timeout: 20_000 });
  /** A call from inside the page, as its own script makes them (cookie, X-Site, CSRF token). */
  const fromPage = (page: Page, path: string, method = 'GET') => page.evaluate(async (path, method, site) => {
    const account = await (await fetch('/v1/account')).json();
    const res = await fetch(path, { method, headers: { 'x-site': site, 'x-csrf-token': account.csrfToken } });
    return [res.status, (await res.json()).error?.code];
  }, path, method, p.project.id);

  it('an owner invites a viewer by email; the viewer accepts from the mail\'s link, sees the dashboard and gets 403 on keys and export', { timeout: 90_000 }, async () => {
    const owner = await fresh(`${svc.url}/dashboard`);
    await owner.waitForSelector('#email', { visible: true });
    await owner.type('#email', ownerEmail);
    await owner.type('#password', PASSWORD);
    await owner.click('#account-form button[type=submit]');
    await ready(owner);
    expect(await owner.$eval('#who', (e) => e.textContent)).toBe(`${ownerEmail} · owner`);
    await owner.click('#members-btn');
    await owner.waitForSelector(`tr[data-member="${ownerEmail}"]`);
    const viewerEmail = `viewer-${randomUUID()}@example.com`;
    await owner.type('#invite-email', viewerEmail);
    await owner.select('#invite-role', 'viewer');
    await owner.click('#invite-member button');
    await owner.waitForSelector(`tr[data-invitation="${viewerEmail}"]`);

    const mail = await smtp.next((m) => (m.to as { text: string }).text === viewerEmail);
    expect(mail.subject).toBe('You are invited to Shop on Switchyard Analytics');
    const { link } = linkIn(mail.text!, 'invite');
    const viewer = await fresh(link);
    await viewer.waitForFunction(() => document.getElementById('invite-text')!.textContent!.includes('as viewer'));
    await viewer.type('#invite-password', PASSWORD);
    await viewer.click('#invite-accept');
    await ready(viewer);
    expect(await viewer.$eval('#who', (e) => e.textContent)).toBe(`${viewerEmail} · viewer`);
    expect(await viewer.$eval('#members-btn', (e) => (e as HTMLElement).hidden)).toBe(true);
    const overview = await (await api(svc.url, p.apiKey)('/v1/stats/overview?period=7d')).json();
    expect(await viewer.$eval('[data-metric="pageviews"]', (e) => Number(e.getAttribute('data-raw')))).toBe(overview.pageviews);
    expect(overview.pageviews).toBe(9);
    expect(await fromPage(viewer, '/v1/keys/read', 'POST')).toEqual([403, 'viewer_role']);
    expect(await fromPage(viewer, '/v1/export')).toEqual([403, 'viewer_role']);
    expect(await fromPage(viewer, '/v1/members')).toEqual([403, 'viewer_role']);

    // The owner hides the locations from viewers: the viewer's page no longer shows them, and the API refuses them.
    await owner.waitForSelector('input[data-hide="locations"]');
    await owner.click('input[data-hide="locations"]');
    await owner.click('#save-visibility');
    await owner.waitForFunction(() => document.getElementById('members-note')!.textContent!.startsWith('Saved'));
    await viewer.reload();
    await ready(viewer);
    expect(await viewer.$$eval('[data-section]', (els) => els.map((e) => e.getAttribute('data-section')))).not.toContain('locations');
    expect(await viewer.$$eval('[data-section="pages"]', (els) => els.length)).toBe(1);
    expect(await fromPage(viewer, '/v1/stats/countries')).toEqual([403, 'section_hidden']);
  });

  it('a password-protected shared link asks for its password, then shows the dashboard', { timeout: 60_000 }, async () => {
    const made = await (await api(svc.url, p.apiKey)('/v1/shared-links', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: 'board meeting' }) })).json();
    const page = await fresh(made.url);
    await page.waitForSelector('#share-password', { visible: true });
    await page.type('#share-password', 'not it');
    await page.click('#share-form button');
    await page.waitForFunction(() => document.getElementById('share-error')!.textContent!.length > 0);
    await page.$eval('#share-password', (e) => ((e as HTMLInputElement).value = ''));
    await page.type('#share-password', 'board meeting');
    await page.click('#share-form button');
    await ready(page);
    expect(await page.$eval('[data-metric="pageviews"]', (e) => Number(e.getAttribute('data-raw')))).toBe(9);
    expect(await page.$eval('#project-name', (e) => e.textContent)).toBe('Shop');
  });

  it('the dashboard opened through a shared link does not draw the sections hidden from viewers', { timeout: 60_000 }, async () => {
    const live = api(svc.url, p.apiKey);
    const json = { 'content-type': 'application/json' };
    const made = await (await live('/v1/shared-links', { method: 'POST', headers: json, body: JSON.stringify({ label: 'Hiding' }) })).json();
    expect((await live('/v1/project/visibility', { method: 'PUT', headers: json, body: JSON.stringify({ hiddenSections: ['locations', 'goals'] }) })).status).toBe(200);
    try {
      const page = await fresh(made.url);
      await ready(page);
      const sections = await page.$$eval('#panels .panel', (els) => els.map((e) => e.getAttribute('data-section')));
      expect(sections).toContain('pages');
      expect(sections).toContain('sources');
      expect(sections).not.toContain('locations');
      expect(await page.$eval('#goals-panel', (e) => (e as HTMLElement).hidden)).toBe(true);
      const dims = await page.$$eval('#f-dim option', (els) => els.map((e) => e.textContent));
      expect(dims).not.toContain('visit:country');
      expect(dims).toContain('event:page');
      expect(await page.$eval('[data-metric="pageviews"]', (e) => Number(e.getAttribute('data-raw')))).toBe(9);
      await page.close();
    } finally {
      await live('/v1/project/visibility', { method: 'PUT', headers: json, body: JSON.stringify({ hiddenSections: [] }) });
    }
  });

  it('a person invited by email accepts by signing in through the identity provider; an identity with no account is refused', { timeout: 60_000 }, async () => {
    await api(svc.url, p.apiKey)('/v1/invitations', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'Grace@example.com', role: 'viewer' }) });
    const { link } = linkIn((await smtp.next((m) => (m.to as { text: string }).text === 'grace@example.com')).text!, 'invite');
    const page = await fresh(link);
    await page.waitForSelector('#invite-oidc', { visible: true });
    await Promise.all([page.waitForNavigation(), page.click('#invite-oidc')]);
    await throughProvider(page, 'grace');
    await ready(page);
    expect(await page.$eval('#who', (e) => e.textContent)).toBe('grace@example.com · viewer');
    expect(await fromPage(page, '/v1/export')).toEqual([403, 'viewer_role']);

    const eve = await fresh(`${svc.url}/dashboard`);
    await eve.waitForSelector('#signin-oidc', { visible: true });
    await Promise.all([eve.waitForNavigation(), eve.click('#signin-oidc')]);
    await throughProvider(eve, 'eve');
    await eve.waitForFunction(() => document.getElementById('account-error')!.textContent!.includes('no account'));
    expect((await svc.db('analytics_accounts').where({ email: 'eve@example.com' })).length).toBe(0);
    // Sign-up is by invitation here (the default), so eve cannot make herself an account either.
    const signUp = await new Person(svc.url).json('/v1/account/sign-up', { body: { email: 'eve@example.com', password: PASSWORD } });
    expect(signUp).toMatchObject({ status: 403, body: { error: { code: 'signup_closed' } } });
  });
});
