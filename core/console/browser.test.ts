// The console in Chromium against a real OpenID Connect provider on loopback
// (oidc-provider): sign in through it, see the Providers and Queue pages
// show exactly the API's numbers, cancel a waiting task, send a streamed
// playground chat to a loopback fake provider and see its cost; make a key on
// the Keys page, call /v1 with it through the official openai client, find
// its spend on the Spend and Overview pages as the API reports it, set a
// budget that refuses the next call, rotate and revoke it, make and edit a
// tag budget and read the audit log; then sign in as a viewer and find every
// write the console's session could make refused by the API (403), as a
// member see its team's keys read-only and its team's spend as the API
// answers it, and a user with no mapped group refused at sign-in.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import Provider from 'oidc-provider';
import OpenAI from 'openai';
import { artefactPath, launchChromium, type LaunchedBrowser } from '../../test/browser.ts';
import { hasPackage, needs } from '../../test/systemPackages.ts';
import { createGatewayKey, startTestService, type TestService } from '../../test/support.ts';
import { startFake } from '../../providers/openai/fake.ts';
import type { Fake } from '../../providers/testing/fake.ts';
import { Spec } from '../../contract-tests/spec.ts';
import { REPO_ROOT } from '../../server/paths.ts';
import { usageBatcher } from '../usageBatch.ts';

const BOOTSTRAP_KEY = 'gw_live_consolebrowserbootstrapkey0123456789abcd';
const CLIENT = { client_id: 'switchyard-console', client_secret: 'console-test-secret-0123456789abcdef' };
const PEOPLE: Record<string, { email: string; name: string; groups: string[]; team?: string }> = {
  ada: { email: 'ada@example.com', name: 'Ada Lovelace', groups: ['platform-admins', 'engineering'] },
  vic: { email: 'vic@example.com', name: 'Vic Viewer', groups: ['finance'] },
  mia: { email: 'mia@example.com', name: 'Mia Member', groups: ['engineering'], team: 'console-eng' },
  eve: { email: 'eve@example.com', name: 'Eve Sales', groups: ['sales'] },
};
// docs/console.md shows these; they are written there only when asked (UPDATE_DOCS_SCREENSHOTS=1), else under .artifacts/.
const screenshot = async (page: Page, name: string) =>
  page.screenshot({ path: process.env.UPDATE_DOCS_SCREENSHOTS === '1' ? path.join(REPO_ROOT, 'docs', 'console', `${name}.png`) : await artefactPath(`console-${name}.png`) });

describe('the console in a real browser, signed in through a real identity provider', () => {
  let idpServer: http.Server;
  let service: TestService;
  let openai: Fake;
  let chromium: LaunchedBrowser;
  let browser: Browser;
  let gateway: string;

  beforeEach((ctx) => needs(ctx, 'chromium'));
  beforeAll(async () => {
    if (!hasPackage('chromium')) return;
    // The identity provider's address must be known before the gateway starts, and the gateway's before the client is registered.
    idpServer = http.createServer();
    await new Promise<void>((resolve) => idpServer.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(idpServer.address() as AddressInfo).port}`;
    openai = await startFake();
    service = await startTestService(['gateway'], {
      GATEWAY_BOOTSTRAP_KEY: BOOTSTRAP_KEY,
      OPENAI_BASE_URL: openai.url,
      OPENAI_API_KEY: 'sk-console',
      ANTHROPIC_API_KEY: undefined,
      PROVIDER_CONCURRENCY_OPENAI: '1',
      CONSOLE_OIDC_ISSUER: issuer,
      CONSOLE_OIDC_CLIENT_ID: CLIENT.client_id,
      CONSOLE_OIDC_CLIENT_SECRET: CLIENT.client_secret,
      CONSOLE_OIDC_ROLES: 'admin=platform-admins,member=engineering,viewer=finance',
      CONSOLE_OIDC_TEAM_CLAIM: 'team',
    });
    gateway = service.gatewayUrl!;
    // Which team a member's claim names: its console key joins it at the first sign-in.
    await service.db('gateway_teams').insert({ name: 'console-eng' });
    const idp = new Provider(issuer, {
      clients: [{ ...CLIENT, redirect_uris: [`${gateway}/api/console/sign-in/oidc/callback`], response_types: ['code'], grant_types: ['authorization_code'] }],
      claims: { openid: ['sub'], email: ['email'], profile: ['name', 'groups', 'team'] },
      cookies: { keys: ['console-test-cookie-key'] },
      ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
      findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: () => ({ sub: id, ...PEOPLE[id] }) }),
    } as never);
    idpServer.on('request', idp.callback());
    chromium = await launchChromium();
    browser = chromium.browser;
  }, 90_000);
  afterAll(async () => {
    await chromium?.close();
    await service?.close();
    await openai?.close();
    await new Promise((resolve) => idpServer?.close(resolve));
  });

  /** A fresh browser profile (no identity-provider session), talking to loopback only: the provider's login page imports a web font. */
  async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    await page.setRequestInterception(true);
    page.on('request', (req) => (new URL(req.url()).hostname === '127.0.0.1' ? req.continue() : req.abort()));
    return { context, page };
  }

  async function signIn(page: Page, login: string): Promise<void> {
    await page.goto(`${gateway}/console`);
    await page.waitForSelector('#signin-link', { visible: true });
    await Promise.all([page.waitForNavigation(), page.click('#signin-link')]);
    await page.type('input[name="login"]', login);
    await page.type('input[name="password"]', 'any');
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
    // The consent step, then back to the console.
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
  }
  const ready = (page: Page, name: string) => page.waitForSelector(`body[data-ready="${name}"]`, { timeout: 15_000 });
  /** The API as the page's own session sees it. */
  const apiFrom = (page: Page, url: string, init: { method?: string; body?: unknown; csrf?: string } = {}) =>
    page.evaluate(async (url, init) => {
      const headers: Record<string, string> = {};
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      if (init.csrf) headers['x-csrf-token'] = init.csrf;
      const res = await fetch(url, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
      return { status: res.status, body: await res.json().catch(() => null) };
    }, url, init);
  const cells = (page: Page, table: string) =>
    page.$$eval(`#${table} tbody tr[data-provider]`, (rows) => Object.fromEntries(rows.map((r) => [r.getAttribute('data-provider'),
      Object.fromEntries([...r.querySelectorAll('[data-field]')].map((c) => [c.getAttribute('data-field'), c.getAttribute('data-raw') ?? c.textContent]))])));

  it('signs in an admin, shows the API\'s numbers, cancels a waiting task and streams a playground chat with its cost', { timeout: 90_000 }, async () => {
    const { context, page } = await freshPage();
    try {
      await signIn(page, 'ada');
      await ready(page, 'overview');
      await page.click('#nav button[data-page="providers"]');
      await ready(page, 'providers');
      const session = (await apiFrom(page, '/api/console/session')).body.data;
      expect(session).toMatchObject({ subject: 'ada', email: 'ada@example.com', name: 'Ada Lovelace', role: 'admin', via: 'oidc' });
      expect(await page.$eval('#who', (e) => e.textContent)).toBe('ada@example.com');

      // One openai call running (it hangs) and one waiting behind it (concurrency 1), submitted as ada through the console's session.
      openai.script({ hang: true }, {});
      const submit = () => apiFrom(page, '/api/llm/complete', { method: 'POST', csrf: session.csrfToken, body: { provider: 'openai', model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'wait' }] } });
      const running = (await submit()).body.data.queueId;
      const waiting = (await submit()).body.data.queueId;
      await expect.poll(async () => (await apiFrom(page, '/api/llm/concurrency')).body.data.openai, { timeout: 10_000 }).toMatchObject({ activeRequests: 1, queuedRequests: 1 });
      // A failure on record: a task that ended in error.
      await service.db('gateway_tasks').insert({ id: crypto.randomUUID(), key_id: (await service.db('gateway_keys').where({ lookup: 'bootstrap' }).first()).id, kind: 'completion', provider: 'mistral',
        model: 'mistral-small', status: 'error', request: '{}', error: JSON.stringify({ code: 'provider_not_configured', message: 'MISTRAL_API_KEY is not set' }), finished_at: new Date() });

      await page.reload();
      await ready(page, 'providers');
      const [status, circuits, concurrency, failed] = await Promise.all(['/api/llm/providers/status', '/api/llm/circuits', '/api/llm/concurrency', '/api/llm/queue/tasks?status=error&limit=500'].map(async (u) => (await apiFrom(page, u)).body.data));
      const shown = await cells(page, 'providers');
      expect(Object.keys(shown)).toEqual(status.map((p: any) => p.provider));
      for (const p of status) {
        const c = circuits.find((x: any) => x.provider === p.provider);
        expect(shown[p.provider], p.provider).toEqual({
          configured: String(p.configured), circuit: c?.state ?? 'closed', active: String(concurrency[p.provider].activeRequests),
          limit: String(concurrency[p.provider].limit), queued: String(concurrency[p.provider].queuedRequests),
          failures: String(failed.filter((t: any) => t.provider === p.provider).length),
        });
      }
      expect(shown.openai).toMatchObject({ configured: 'true', active: '1', queued: '1', limit: '1' });
      expect(shown.anthropic!.configured).toBe('false');
      expect(await page.$eval('tr[data-provider="anthropic"] [data-field="configured"]', (e) => e.textContent)).toBe('set ANTHROPIC_API_KEY');
      expect(await page.$eval('tr[data-provider="mistral"] [data-field="failures"]', (e) => e.textContent)).toBe('provider_not_configured ×1');
      await screenshot(page, 'providers');

      await page.click('#nav button[data-page="queue"]');
      await ready(page, 'queue');
      const load = await cells(page, 'queue-load');
      const concurrencyNow = (await apiFrom(page, '/api/llm/concurrency')).body.data;
      for (const [provider, c] of Object.entries<any>(concurrencyNow)) {
        expect(load[provider], provider).toEqual({ queued: String(c.queuedRequests), active: String(c.activeRequests), limit: String(c.limit) });
      }
      expect(await page.$$eval('#queue-active tr[data-task]', (rows) => rows.map((r) => [r.getAttribute('data-task'), r.getAttribute('data-status')]))).toEqual([[running, 'processing'], [waiting, 'queued']]);
      expect(await page.$$eval('#queue-failed tr[data-task] [data-field="errorCode"]', (c) => c.map((e) => e.textContent))).toEqual(['provider_not_configured']);
      await screenshot(page, 'queue');
      // Cancel both from the page: the waiting one, then the running one (its provider request is aborted).
      for (const id of [waiting, running]) {
        await page.click(`button[data-cancel="${id}"]`);
        await page.waitForFunction((id) => !document.querySelector(`tr[data-task="${id}"]`) && document.body.getAttribute('data-ready') === 'queue', {}, id);
        expect((await apiFrom(page, '/api/llm/queue/status', { method: 'POST', csrf: session.csrfToken, body: { queueId: id } })).body.data.status).toBe('cancelled');
      }

      await page.click('#nav button[data-page="playground"]');
      await ready(page, 'playground');
      expect(await page.$$eval('#chat-provider option', (o) => o.map((e) => (e as HTMLOptionElement).value))).toEqual(['gemini', 'vertex', 'openai', 'ollama', 'localai'].filter((p) => status.find((s: any) => s.provider === p).configured));
      await page.select('#chat-provider', 'openai');
      await page.type('#chat-model', 'gpt-4o-mini');
      await page.type('#chat-prompt', 'Say hello');
      const before = (await apiFrom(page, '/api/llm/usage')).body.data;
      await page.click('#chat-send');
      await page.waitForSelector('body[data-chat="done"]', { timeout: 20_000 });
      const upstream = openai.requests.at(-1)!;
      expect(upstream.body).toMatchObject({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'Say hello' }] });
      const reply = await page.$eval('#chat-reply', (e) => e.textContent);
      expect(reply!.length).toBeGreaterThan(0);
      const after = (await apiFrom(page, '/api/llm/usage')).body.data;
      const cost = Number(await page.$eval('#chat-meta', (e) => e.getAttribute('data-cost')));
      expect(cost).toBeGreaterThan(0);
      // The call is recorded under the console user's own key, at the cost the page showed.
      expect(after.totalRequests).toBe(before.totalRequests + 1);
      expect(after.cost - before.cost).toBeCloseTo(cost, 8);
      const key = await service.db('gateway_keys').where({ name: 'console: ada@example.com' }).first();
      expect(await service.db('gateway_usage').where({ key_id: key.id }).count('* as n').first()).toEqual({ n: '1' });
      await screenshot(page, 'playground');

      await page.click('#signout');
      await page.waitForSelector('#signin-link', { visible: true });
      expect((await apiFrom(page, '/api/console/session')).status).toBe(401);
    } finally {
      await context.close();
    }
  });

  it('an admin makes a key in the console, its /v1 calls show on Spend and Overview as the API counts them, and a budget set there refuses the next call', { timeout: 90_000 }, async () => {
    const { context, page } = await freshPage();
    try {
      await signIn(page, 'ada');
      await ready(page, 'overview');
      await page.click('#nav button[data-page="keys"]');
      await ready(page, 'keys');
      await page.click('#key-new');
      await page.type('#key-form input[name="name"]', 'console-made');
      await page.type('#key-form input[name="tags"]', 'reports');
      await page.click('#key-save');
      await page.waitForSelector('body[data-saved="key"]');
      const secret = await page.$eval('#key-secret-value', (e) => e.textContent!);
      expect(secret).toMatch(/^gw_live_/);
      const made = (await apiFrom(page, '/api/llm/admin/keys')).body.data.find((k: any) => k.name === 'console-made');
      expect(made).toMatchObject({ role: 'member', tags: ['reports'], budgets: null, limits: null, expiresAt: null });
      expect(await page.$eval(`#keys tr[data-key="${made.id}"]`, (r) => r.getAttribute('data-name'))).toBe('console-made');

      const client = (apiKey: string) => new OpenAI({ baseURL: `${gateway}/v1`, apiKey, maxRetries: 0 });
      const ask = (apiKey: string) => client(apiKey).chat.completions.create({ model: 'openai/gpt-4o-mini', max_tokens: 20, messages: [{ role: 'user', content: 'count me' }] });
      for (let i = 0; i < 2; i++) expect((await ask(secret)).choices[0]!.message.content).toBeTruthy();
      // /v1 usage is written just after the answer: wait for it rather than race it.
      await usageBatcher(service.db).flush();

      // Spend: by key (the page's default), each number as GET /api/llm/spend answers it.
      await page.click('#nav button[data-page="spend"]');
      await ready(page, 'spend');
      const day = await page.$eval('#spend-to', (e) => (e as HTMLInputElement).value);
      const from = await page.$eval('#spend-from', (e) => (e as HTMLInputElement).value);
      const spend = (await apiFrom(page, `/api/llm/spend?from=${from}&to=${day}&groupBy=key&bucket=none`)).body.data;
      const mine = spend.rows.find((r: any) => r.keyId === made.id);
      expect(mine).toMatchObject({ calls: 2 });
      expect(mine.spend).toBeGreaterThan(0);
      const shownSpend = await page.$eval(`#spend tr[data-key="${made.id}"]`, (r) => Object.fromEntries([...r.querySelectorAll('[data-field]')].map((c) => [c.getAttribute('data-field'), Number(c.getAttribute('data-raw'))])));
      expect(shownSpend).toEqual({ calls: mine.calls, inputTokens: mine.inputTokens, outputTokens: mine.outputTokens, spend: mine.spend });
      expect(Number(await page.$eval('#spend-totals', (e) => e.getAttribute('data-raw')))).toBe(spend.totals.spend);
      const csvHref = await page.$eval('#spend-csv', (e) => (e as HTMLAnchorElement).href);
      const csv = await page.evaluate(async (u) => (await fetch(u)).text(), csvHref);
      expect(csv.split('\r\n')[0]).toBe('keyId,keyName,calls,inputTokens,outputTokens,totalTokens,spend');
      expect(csv).toContain(`${made.id},console-made,2,`);
      await screenshot(page, 'spend');

      // The budget: a day's hard budget (counted from now) of a quarter of what two calls cost cannot cover the next call's worst case.
      const budget = Math.round((mine.spend / 4) * 1e8) / 1e8;
      await page.click('#nav button[data-page="keys"]');
      await ready(page, 'keys');
      await page.click(`#keys tr[data-key="${made.id}"] button[data-action="edit"]`);
      await page.type('#key-form input[name="budget-day"]', String(budget));
      await page.type('#key-form input[name="requestsPerMinute"]', '100');
      await page.click('#key-save');
      await page.waitForSelector('body[data-saved="key"]');
      const edited = (await apiFrom(page, `/api/llm/admin/keys/${made.id}`)).body.data;
      expect(edited.key.budgets).toEqual([{ period: 'day', amountUsd: budget, mode: 'hard' }]);
      const meters = Object.fromEntries(edited.meters.map((m: any) => [`${m.scope}:${m.metric}:${m.period}`, m.remaining]));
      const shownMeters = await page.$$eval(`#keys tr[data-key="${made.id}"] [data-meter]`, (ms) => Object.fromEntries(ms.map((m) => [m.getAttribute('data-meter'), Number(m.getAttribute('data-raw'))])));
      expect(shownMeters).toEqual(meters);
      expect(meters['key:spend:day']).toBe(budget);
      expect(meters['key:requests:minute']).toBeGreaterThan(0);
      // Each process applies a key's change within about a second (PostgreSQL's notification): until then a call may still pass.
      let refused: any = null;
      await expect.poll(async () => (refused = await ask(secret).then(() => null, (err) => err)), { timeout: 10_000 }).toBeInstanceOf(OpenAI.APIError);
      expect([refused.status, refused.code]).toEqual([429, 'budget_exceeded']);

      // Overview: today's calls, errors by code, latency, tokens and spend, as GET /api/llm/traffic answers them.
      await page.click('#nav button[data-page="overview"]');
      await ready(page, 'overview');
      const traffic = (await apiFrom(page, `/api/llm/traffic?from=${day}&to=${day}`)).body.data;
      // The page asks once, for its range (the last 30 days): today's and the month's figures come with it, the same as a range of today alone.
      const shown = (await apiFrom(page, '/api/llm/traffic')).body.data;
      expect(shown.today).toEqual({ day, ...traffic.totals });
      expect(traffic.totals.requests).toBeGreaterThanOrEqual(3);
      expect(traffic.totals.errorsByCode.map((e: any) => e.code)).toContain('budget_exceeded');
      const todayCard = await page.$$eval('.card[data-period="today"] [data-field]', (c) => Object.fromEntries(c.map((e) => [e.getAttribute('data-field'), e.getAttribute('data-raw')])));
      const shownFields = ['requests', 'errors', 'p50LatencyMs', 'p99LatencyMs', 'calls', 'totalTokens', 'spend'];
      expect(todayCard).toEqual(Object.fromEntries(shownFields.map((k) => [k, String(traffic.totals[k])])));
      // Spend and billed calls are the rollup's: the same as the spend report's for the day.
      const spendToday = (await apiFrom(page, `/api/llm/spend?from=${day}&to=${day}`)).body.data.totals;
      expect([traffic.totals.calls, traffic.totals.spend]).toEqual([spendToday.calls, spendToday.spend]);
      const row = traffic.byModel.find((m: any) => m.provider === 'openai' && m.model === 'gpt-4o-mini');
      const shownRow = await page.$eval('#overview-models tr[data-model="openai/gpt-4o-mini"]', (r) => Object.fromEntries([...r.querySelectorAll('[data-field]')].map((c) => [c.getAttribute('data-field'), c.getAttribute('data-raw')])));
      expect(shownRow).toEqual({ requests: String(row.requests), errors: String(row.errors), p50LatencyMs: String(row.p50LatencyMs), p99LatencyMs: String(row.p99LatencyMs), calls: String(row.calls), totalTokens: String(row.totalTokens), spend: String(row.spend) });
      expect(await page.$eval('#overview-errors tr[data-code="budget_exceeded"] [data-field="count"]', (e) => e.getAttribute('data-raw'))).toBe(String(traffic.totals.errorsByCode.find((e: any) => e.code === 'budget_exceeded').count));
      expect(await page.$$eval('#chart-spend rect[data-label]', (r) => r.length)).toBe(30);
      await screenshot(page, 'overview');

      // Rotate with no grace: the old secret is refused, the new one is the key (still over its budget); then revoke it.
      await page.click('#nav button[data-page="keys"]');
      await ready(page, 'keys');
      page.once('dialog', (d) => void d.accept('0'));
      await page.click(`#keys tr[data-key="${made.id}"] button[data-action="rotate"]`);
      await page.waitForFunction((old) => { const v = document.getElementById('key-secret-value')!.textContent; return v && v !== old && document.body.getAttribute('data-ready') === 'keys'; }, {}, secret);
      const rotated = await page.$eval('#key-secret-value', (e) => e.textContent!);
      // A replaced secret past its grace is known but refused: 403 key_expired.
      await expect.poll(async () => { const err = await ask(secret).catch((e) => e); return [err.status, err.code]; }, { timeout: 10_000 }).toEqual([403, 'key_expired']);
      expect((await ask(rotated).catch((err) => err)).code).toBe('budget_exceeded');
      page.once('dialog', (d) => void d.accept());
      await page.click(`#keys tr[data-key="${made.id}"] button[data-action="revoke"]`);
      await page.waitForFunction((id) => !document.querySelector(`#keys tr[data-key="${id}"] button[data-action="revoke"]`) && document.body.getAttribute('data-ready') === 'keys', {}, made.id);
      expect((await apiFrom(page, `/api/llm/admin/keys/${made.id}`)).body.data.key.revokedAt).not.toBeNull();
      await expect.poll(async () => (await ask(rotated).catch((err) => err)).status, { timeout: 10_000 }).toBe(401);

      // A tag budget: made, then edited, in the console; each as the API then reads it.
      await page.click('#nav button[data-page="keys"]');
      await ready(page, 'keys');
      await page.click('#tag-new');
      await page.type('#tag-form input[name="tag"]', 'reports');
      await page.type('#tag-form input[name="budget-month"]', '5');
      await page.click('#tag-save');
      await page.waitForSelector('body[data-saved="tag"]');
      expect((await apiFrom(page, '/api/llm/admin/tags/reports')).body.data.budgets).toEqual([{ period: 'month', amountUsd: 5, mode: 'hard' }]);
      await page.click('#tags tr[data-tag="reports"] button[data-action="edit"]');
      expect(await page.$eval('#tag-form input[name="budget-month"]', (e) => (e as HTMLInputElement).value)).toBe('5');
      await page.$eval('#tag-form input[name="budget-month"]', (e) => { (e as HTMLInputElement).value = ''; });
      await page.type('#tag-form input[name="budget-month"]', '7.5');
      await page.select('#tag-form select[name="mode-month"]', 'soft');
      await page.type('#tag-form input[name="requestsPerDay"]', '1000');
      await page.click('#tag-save');
      await page.waitForSelector('body[data-saved="tag"]');
      const tagPolicy = (await apiFrom(page, '/api/llm/admin/tags/reports')).body.data;
      expect([tagPolicy.budgets, tagPolicy.limits]).toEqual([[{ period: 'month', amountUsd: 7.5, mode: 'soft' }], { requestsPerDay: 1000 }]);
      const tagMeters = Object.fromEntries(tagPolicy.meters.map((m: any) => [`${m.scope}:${m.metric}:${m.period}`, m.remaining]));
      const shownTagMeters = await page.$$eval('#tags tr[data-tag="reports"] [data-meter]', (ms) => Object.fromEntries(ms.map((m) => [m.getAttribute('data-meter'), Number(m.getAttribute('data-raw'))])));
      expect(shownTagMeters).toEqual(tagMeters);
      expect(tagMeters['tag:spend:month']).toBeLessThanOrEqual(7.5);
      await screenshot(page, 'keys');
      page.once('dialog', (d) => void d.accept());
      await page.click('#tags tr[data-tag="reports"] button[data-action="delete"]');
      await page.waitForFunction(() => !document.querySelector('#tags tr[data-tag="reports"]') && document.body.getAttribute('data-ready') === 'keys');
      expect((await apiFrom(page, '/api/llm/admin/tags/reports')).status).toBe(404);

      // The audit log names the person who did each, newest first, as the API lists it.
      await page.click('#nav button[data-page="audit"]');
      await ready(page, 'audit');
      const audit = (await apiFrom(page, '/api/llm/admin/audit?limit=50')).body.data;
      const shownAudit = await page.$$eval('#audit tr[data-audit]', (rows) => rows.map((r) => [Number(r.getAttribute('data-audit')), r.querySelector('[data-field="actor"]')!.textContent, r.getAttribute('data-action'), r.querySelector('[data-field="target"]')!.getAttribute('data-raw')]));
      expect(shownAudit).toEqual(audit.map((e: any) => [e.id, e.actor, e.action, e.targetId]));
      expect(shownAudit.filter((e) => e[3] === made.id).map((e) => [e[1], e[2]])).toEqual(['key.revoke', 'key.rotate', 'key.update', 'key.create'].map((a) => ['console: ada@example.com', a]));
      await screenshot(page, 'audit');
    } finally {
      await context.close();
    }
  });

  it('a viewer reads every page, and the API refuses each of its writes with 403', { timeout: 60_000 }, async () => {
    const { context, page } = await freshPage();
    try {
      await signIn(page, 'vic');
      await ready(page, 'overview');
      const session = (await apiFrom(page, '/api/console/session')).body.data;
      expect(session).toMatchObject({ subject: 'vic', role: 'viewer' });
      const spec = new Spec('gateway');
      const writes = spec.operations().filter((op) => op.method !== 'get' && op.operationId !== 'signOutConsole' && (op.op.security ?? []).some((r: Record<string, unknown>) => 'consoleSession' in r));
      expect(writes.map((op) => op.operationId)).toEqual(expect.arrayContaining(['submitCompletion', 'cancelQueueTask', 'streamQueueTask',
        'createKey', 'updateKey', 'rotateKey', 'revokeKey', 'createTeam', 'updateTeam', 'deleteTeam', 'setTagPolicy', 'deleteTagPolicy']));
      for (const op of writes) {
        const example = spec.exampleRequest(op);
        const answer = await apiFrom(page, example.path, { method: op.method.toUpperCase(), csrf: session.csrfToken, body: example.body ?? {} });
        expect([op.operationId, answer.status, answer.body]).toEqual([op.operationId, 403, { success: false, code: 'read_only_role', message: "A viewer's console session is read-only" }]);
      }
      // The page does not hide the buttons: the API's refusal is what the viewer sees.
      await page.click('#nav button[data-page="keys"]');
      await ready(page, 'keys');
      const keys = (await apiFrom(page, '/api/llm/admin/keys')).body.data;
      expect(await page.$$eval('#keys tr[data-key]', (rows) => rows.map((r) => r.getAttribute('data-key')))).toEqual(keys.map((k: any) => k.id));
      page.once('dialog', (d) => void d.accept());
      await page.click('#keys tr[data-key] button[data-action="revoke"]');
      await page.waitForFunction(() => document.getElementById('error')!.textContent!.length > 0);
      expect(await page.$eval('#error', (e) => e.textContent)).toBe("read_only_role: A viewer's console session is read-only");
      expect((await apiFrom(page, '/api/llm/admin/keys')).body.data).toEqual(keys);
      await page.click('#key-new');
      await page.type('#key-form input[name="name"]', 'viewer-made');
      await page.click('#key-save');
      await page.waitForSelector('body[data-saved="error"]');
      expect(await page.$eval('#error', (e) => e.textContent)).toBe("read_only_role: A viewer's console session is read-only");
      expect((await apiFrom(page, '/api/llm/admin/keys')).body.data).toHaveLength(keys.length);
      await page.click('#nav button[data-page="playground"]');
      await ready(page, 'playground');
      await page.type('#chat-model', 'gpt-4o-mini');
      await page.type('#chat-prompt', 'hello');
      await page.click('#chat-send');
      await page.waitForSelector('body[data-chat="error"]');
      expect(await page.$eval('#error', (e) => e.textContent)).toBe("read_only_role: A viewer's console session is read-only");
      // Signing out is open to a viewer.
      expect((await apiFrom(page, '/api/console/sign-out', { method: 'POST', csrf: session.csrfToken })).status).toBe(200);
    } finally {
      await context.close();
    }
  });

  it("a member sees its team's keys (read-only) and spend, equal to the API's; the admin routes refuse its writes whatever the page shows", { timeout: 60_000 }, async () => {
    const db = service.db;
    const team = (await db('gateway_teams').where({ name: 'console-eng' }).first()).id;
    // A teammate's key with a /v1 call: its team's spend the member must see; the admin's key of the other test is no teammate.
    const mate = await createGatewayKey(db, 'console-eng mate');
    await db('gateway_keys').where({ id: mate.id }).update({ team_id: team });
    const mateClient = new OpenAI({ baseURL: `${gateway}/v1`, apiKey: mate.key, maxRetries: 0 });
    expect((await mateClient.chat.completions.create({ model: 'openai/gpt-4o-mini', max_tokens: 20, messages: [{ role: 'user', content: 'team spend' }] })).choices[0]!.message.content).toBeTruthy();
    await usageBatcher(db).flush();
    const { context, page } = await freshPage();
    try {
      await signIn(page, 'mia');
      await ready(page, 'overview');
      const session = (await apiFrom(page, '/api/console/session')).body.data;
      expect(session).toMatchObject({ subject: 'mia', role: 'member', teamId: team });
      await page.click('#nav button[data-page="keys"]');
      await ready(page, 'keys');
      const own = (await apiFrom(page, '/api/llm/key')).body.data;
      expect(own.key.name).toBe('console: mia@example.com');
      const teamKeys = (await apiFrom(page, '/api/llm/admin/keys')).body.data;
      expect(teamKeys.map((k: any) => k.id).sort()).toEqual([own.key.id, mate.id].sort());
      expect(await page.$$eval('#keys tr[data-key]', (rows) => rows.map((r) => r.getAttribute('data-key')))).toEqual(teamKeys.map((k: any) => k.id));
      // Read-only: no key has an action, and the API refuses each write.
      expect(await page.$$eval('#keys tr[data-key] button', (b) => b.length)).toBe(0);
      for (const [method, url, body] of [['GET', `/api/llm/admin/keys?teamId=${crypto.randomUUID()}`], ['POST', '/api/llm/admin/keys', { name: 'mine' }], ['PATCH', `/api/llm/admin/keys/${mate.id}`, { budgets: null }],
        ['DELETE', `/api/llm/admin/keys/${mate.id}`], ['POST', '/api/llm/admin/teams', { name: 'mine' }], ['PUT', '/api/llm/admin/tags/reports', { budgets: null }], ['GET', '/api/llm/admin/audit']] as const) {
        const answer = await apiFrom(page, url, { method, csrf: session.csrfToken, body });
        expect([method, url, answer.status, answer.body?.code]).toEqual([method, url, 403, 'admin_only']);
      }
      // Spend: its team's, by key, as the API answers the member's session; never the other keys'.
      await page.click('#nav button[data-page="spend"]');
      await ready(page, 'spend');
      const from = await page.$eval('#spend-from', (e) => (e as HTMLInputElement).value);
      const to = await page.$eval('#spend-to', (e) => (e as HTMLInputElement).value);
      const spend = (await apiFrom(page, `/api/llm/spend?from=${from}&to=${to}&groupBy=key&bucket=none`)).body.data;
      expect(spend.rows.map((r: any) => r.keyId)).toEqual([mate.id]);
      expect(spend.totals.calls).toBe(1);
      const shown = await page.$$eval('#spend tr[data-key]', (rows) => rows.map((r) => [r.getAttribute('data-key'), Number(r.querySelector('[data-field="spend"]')!.getAttribute('data-raw'))]));
      expect(shown).toEqual(spend.rows.map((r: any) => [r.keyId, r.spend]));
      expect(Number(await page.$eval('#spend-totals', (e) => e.getAttribute('data-raw')))).toBe(spend.totals.spend);
      expect(spend.totals.spend).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('refuses a user the role mapping grants nothing, and says why', { timeout: 60_000 }, async () => {
    const { context, page } = await freshPage();
    try {
      await signIn(page, 'eve');
      await page.waitForFunction(() => document.getElementById('signin-error')!.textContent!.length > 0);
      expect(await page.$eval('#signin-error', (e) => e.textContent)).toBe('You are signed in at the identity provider, but no console role is granted to you.');
      expect((await apiFrom(page, '/api/console/session')).status).toBe(401);
      expect(await service.db('gateway_keys').where({ name: 'console: eve@example.com' }).first()).toBeUndefined();
    } finally {
      await context.close();
    }
  });
});
