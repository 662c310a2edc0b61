import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, beacon, CHROME_MAC, createProject, GOOGLEBOT, INVITE, IPHONE, sleep, startAnalytics, uniqueDomain, type Created } from './testing.ts';

const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';

describe('analytics ingest, classification and stats', () => {
  let svc: Awaited<ReturnType<typeof startAnalytics>>;
  let p: Created;
  let domain: string;
  let get: (path: string) => Promise<any>;
  let sessionOfHuman: string;

  beforeAll(async () => {
    svc = await startAnalytics();
    p = await createProject(svc.url);
    domain = p.project.domains[0]!;
    const call = api(svc.url, p.apiKey);
    get = async (path: string) => {
      const res = await call(path);
      expect(res.status, `${path}: ${res.status}`).toBe(200);
      return res.json();
    };
    const page = (path: string, extra: Record<string, unknown> = {}) => ({ projectId: p.project.id, type: 'pageview', url: `https://www.${domain}${path}`, ...extra });
    const origin = `https://www.${domain}`;
    const sends: [Record<string, unknown>, { ip: string; ua: string; origin?: string }][] = [
      [page('/', { referrer: 'https://www.google.com/search?q=x', locale: 'en-GB' }), { ip: '81.2.69.160', ua: CHROME_MAC, origin }],
      [page('/pricing', { locale: 'en-GB' }), { ip: '81.2.69.160', ua: CHROME_MAC, origin }],
      [{ ...page('/pricing'), type: 'event', name: 'Signup', props: { plan: 'pro', seats: 3 } }, { ip: '81.2.69.160', ua: CHROME_MAC, origin }],
      [page('/blog?utm_source=newsletter&utm_medium=email&utm_campaign=launch', { locale: 'EN-us' }), { ip: '73.15.0.1', ua: IPHONE }],
      [page('/'), { ip: '8.8.4.4', ua: GOOGLEBOT }],
      [page('/'), { ip: '52.95.110.1', ua: CHROME_MAC }],
      [page('/', { referrer: 'https://news.ycombinator.com/item?id=1' }), { ip: '2.56.16.1', ua: CHROME_MAC }],
      [page('/', { internal: true, locale: 'fr' }), { ip: '24.48.0.1', ua: CHROME_MAC }],
      [page('/'), { ip: '89.160.20.112', ua: HEADLESS }],
    ];
    for (const [body, opts] of sends) {
      const res = await beacon(svc.url, body, opts);
      expect(res.status, await res.clone().text()).toBe(202);
      expect(await res.json()).toEqual({ accepted: true });
    }
    await sleep(300);
    sessionOfHuman = (await svc.db('analytics_sessions').where({ project_id: p.project.id, country: 'GB' }).first('id')).id;
  });
  afterAll(async () => svc?.close());

  it('rejects beacons from untrusted pages or origins, unknown projects and malformed bodies', async () => {
    const base = { projectId: p.project.id, type: 'pageview' };
    const evil = await beacon(svc.url, { ...base, url: 'https://evil.test/' });
    expect(evil.status).toBe(403);
    expect((await evil.json()).error.code).toBe('untrusted_origin');
    const badOrigin = await beacon(svc.url, { ...base, url: `https://${domain}/` }, { origin: 'https://evil.test' });
    expect(badOrigin.status).toBe(403);
    const unknown = await beacon(svc.url, { ...base, projectId: '00000000-0000-4000-8000-000000000000', url: `https://${domain}/` });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('not_found');
    // What the spec's CollectPayload says: an absolute url (format: uri), a name for an event.
    const refused = [
      [{ ...base }, 'body.url is required'],
      [{ ...base, url: `https://${domain}/`, type: 'event' }, 'body.name is required'],
      [{ ...base, url: `https://${domain}/`, type: 'event', name: 'x'.repeat(121) }, 'body.name must NOT have more than 120 characters'],
      [{ ...base, url: `/relative/${domain}` }, 'body.url must match format "uri"'],
      [{ ...base, url: `www.${domain}/no-scheme` }, 'body.url must match format "uri"'],
    ] as const;
    for (const [body, message] of refused) {
      const res = await beacon(svc.url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error, JSON.stringify(body)).toEqual({ code: 'bad_request', message: expect.stringContaining(message) });
    }
    const junk = await fetch(`${svc.url}/v1/collect`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'not json' });
    expect(junk.status).toBe(400);
    const huge = await beacon(svc.url, { ...base, url: `https://${domain}/`, referrer: `https://x.test/${'a'.repeat(40_000)}` });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.code).toBe('payload_too_large');
    // Other content types still reach the router, which answers 415 in the same shape.
    const form = await fetch(`${svc.url}/v1/collect`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    expect(form.status).toBe(415);
    expect((await form.json()).error.code).toBe('unsupported_media_type');
  });

  it('keeps classified traffic and never stores the IP', async () => {
    const rows = await svc.db('analytics_events').where({ project_id: p.project.id });
    expect(rows).toHaveLength(9);
    expect(JSON.stringify(rows)).not.toMatch(/81\.2\.69\.160|73\.15\.0\.1|52\.95\.110\.1/);
    const by = (ip: string) => rows.find((r) => r.user_agent && r.asn !== null && ip);
    expect(by).toBeTruthy();
    const gb = rows.find((r) => r.country === 'GB')!;
    expect(gb).toMatchObject({ region: 'England', region_code: 'GB-ENG', browser: 'Chrome', device_type: 'desktop', is_bot: false, traffic_source: 'google' });
    expect(typeof gb.asn).toBe('number');
    expect(rows.find((r) => r.user_agent === GOOGLEBOT)).toMatchObject({ is_bot: true });
    expect(rows.find((r) => r.as_organization?.includes('Amazon'))).toMatchObject({ is_bot: true, bot_name: expect.stringContaining('datacenter') });
    expect(rows.find((r) => r.user_agent === HEADLESS)).toMatchObject({ is_bot: true, bot_name: 'HeadlessChrome' });
    expect(rows.find((r) => r.asn === 9009)).toMatchObject({ is_vpn: true, is_bot: false, traffic_source: 'hackernews' });
    expect(rows.find((r) => r.is_internal)).toBeTruthy();
    expect(rows.find((r) => r.event_type === 'event')).toMatchObject({ event_name: 'Signup', props: { plan: 'pro', seats: 3 } });
  });

  it('overview: toggles, segments over all traffic, sources with label, channel (the four of the contract) and channel group', async () => {
    const o = await get('/v1/stats/overview');
    expect(o).toMatchObject({ window: '7d', visitors: 3, pageviews: 4, events: 1, segments: { humans: 2, bots: 3, vpn: 1, internal: 1 } });
    expect(o.bounceRate).toBeCloseTo(2 / 3, 3);
    expect(o.bySource).toEqual(expect.arrayContaining([
      { source: 'google', label: 'Google', channel: 'search', channelGroup: 'Organic Search', visitors: 1 },
      // Email traffic without a referrer is a referral, by channel.
      { source: 'newsletter', label: 'newsletter', channel: 'referral', channelGroup: 'Email', visitors: 1 },
      { source: 'hackernews', label: 'Hacker News', channel: 'social', channelGroup: 'Organic Social', visitors: 1 },
    ]));
    for (const route of ['/v1/stats/overview?includeBots=1&includeInternal=1', '/v1/stats/sources?includeBots=1&includeInternal=1']) {
      const rows = (await get(route)).bySource ?? (await get(route)).results;
      expect(rows.length, route).toBeGreaterThan(2);
      for (const r of rows) expect(['search', 'social', 'direct', 'referral'], route).toContain(r.channel);
    }
    const sources = (await get('/v1/stats/sources')).results;
    expect(sources.find((r: any) => r.source === 'google')).toMatchObject({ channel: 'search', channelGroup: 'Organic Search' });
    expect((await get('/v1/stats/overview?includeBots=1')).visitors).toBe(6);
    expect((await get('/v1/stats/overview?includeInternal=true')).visitors).toBe(4);
    const all = await get('/v1/stats/overview?includeBots=true&includeInternal=1&window=24h');
    expect(all).toMatchObject({ window: '24h', visitors: 7, segments: o.segments });
    expect((await get('/v1/stats/overview?includeBots=false')).visitors).toBe(3);
  });

  it('validates window and toggles', async () => {
    const call = api(svc.url, p.apiKey);
    for (const q of ['window=1y', 'includeBots=yes', 'includeInternal=2']) {
      const res = await call(`/v1/stats/overview?${q}`);
      expect(res.status, q).toBe(400);
      expect((await res.json()).error.code).toBe('bad_request');
    }
  });

  it('every breakdown route', async () => {
    const ts = await get('/v1/stats/timeseries?window=24h');
    expect(ts.interval).toBe('hour');
    expect(ts.points.length).toBe(25);
    expect(ts.points.reduce((n: number, x: any) => n + x.visitors, 0)).toBe(3);
    const ts7 = await get('/v1/stats/timeseries');
    expect(ts7.interval).toBe('day');
    expect(ts7.points.reduce((n: number, x: any) => n + x.pageviews, 0)).toBe(4);

    expect((await get('/v1/stats/pages')).results).toEqual([
      { path: '/', pageviews: 2, visitors: 2 },
      { path: '/blog', pageviews: 1, visitors: 1 },
      { path: '/pricing', pageviews: 1, visitors: 1 },
    ]);
    expect((await get('/v1/stats/pages?includeBots=1')).results[0]).toEqual({ path: '/', pageviews: 5, visitors: 5 });
    expect((await get('/v1/stats/sources')).results).toHaveLength(3);

    const countries = (await get('/v1/stats/countries')).results;
    expect(countries.reduce((n: number, c: any) => n + c.visitors, 0)).toBe(3);
    expect(countries).toEqual(expect.arrayContaining([{ country: 'GB', visitors: 1 }, { country: 'US', visitors: 1 }]));
    expect((await get('/v1/stats/regions?country=us')).results).toEqual([{ country: 'US', region: 'California', regionCode: 'US-CA', visitors: 1 }]);
    expect((await get('/v1/stats/regions')).results.length).toBeGreaterThanOrEqual(2);

    const locales = (await get('/v1/stats/locales')).results;
    expect(locales).toEqual(expect.arrayContaining([{ locale: 'en-gb', visitors: 1 }, { locale: 'en-us', visitors: 1 }, { locale: null, visitors: 1 }]));
    expect((await get('/v1/stats/locales?includeInternal=1')).results).toEqual(expect.arrayContaining([{ locale: 'fr', visitors: 1 }]));

    expect((await get('/v1/stats/events')).results).toEqual([{ name: 'Signup', events: 1, visitors: 1, revenue: [] }]);
    expect(await get('/v1/stats/goals')).toMatchObject({ totalVisitors: 3, results: [{ name: 'Signup', visitors: 1, events: 1, conversionRate: 0.3333 }] });
    expect(await get('/v1/stats/utm')).toMatchObject({
      sources: [{ value: 'newsletter', visitors: 1 }], mediums: [{ value: 'email', visitors: 1 }], campaigns: [{ value: 'launch', visitors: 1 }],
    });
    const devices = await get('/v1/stats/devices');
    expect(devices.browsers).toEqual(expect.arrayContaining([{ name: 'Chrome', visitors: 2 }, { name: 'Mobile Safari', visitors: 1 }]));
    expect(devices.deviceTypes).toEqual(expect.arrayContaining([{ name: 'desktop', visitors: 2 }, { name: 'mobile', visitors: 1 }]));
    expect(await get('/v1/stats/realtime?window=90d')).toEqual({ activeSessions: 3 });
    expect(await get('/v1/stats/realtime?includeBots=1&includeInternal=1')).toEqual({ activeSessions: 3 });
    // The spec says every query parameter is ignored: one the other routes refuse is too.
    expect(await get('/v1/stats/realtime?window=1y&includeBots=yes&includeBots=no&anything=%00&ignored=1.5')).toEqual({ activeSessions: 3 });
  });

  it('sessions list and detail', async () => {
    const list = await get('/v1/sessions');
    expect(list).toMatchObject({ limit: 50, offset: 0, hasMore: false });
    expect(list.sessions).toHaveLength(3);
    expect((await get('/v1/sessions?includeBots=1')).sessions).toHaveLength(6);
    expect((await get('/v1/sessions?includeBots=1&includeInternal=true')).sessions).toHaveLength(7);
    expect((await get('/v1/sessions?country=gb')).sessions).toHaveLength(1);
    expect((await get('/v1/sessions?regionCode=us-ca')).sessions[0]).toMatchObject({ regionCode: 'US-CA', os: 'iOS', utmCampaign: 'launch' });
    const first = await get('/v1/sessions?limit=1');
    expect(first).toMatchObject({ limit: 1, hasMore: true });
    const rest = await get('/v1/sessions?limit=2&offset=1');
    expect(rest).toMatchObject({ hasMore: false });
    expect(rest.sessions.map((s: any) => s.id)).not.toContain(first.sessions[0].id);
    const call = api(svc.url, p.apiKey);
    for (const q of ['limit=0', 'limit=201', 'offset=-1', 'regionCode=nope', 'offset=10000', 'offset=9223372036854775808']) {
      const res = await call(`/v1/sessions?${q}`);
      expect(res.status, q).toBe(400);
      expect((await res.json()).error, q).toMatchObject({ code: 'bad_request', message: expect.stringContaining(q.split('=')[0]!) });
    }
    expect(await get('/v1/sessions?offset=9999')).toMatchObject({ sessions: [], offset: 9999, hasMore: false });

    const detail = await get(`/v1/sessions/${sessionOfHuman}`);
    expect(detail.session).toMatchObject({ id: sessionOfHuman, pageviews: 2, events: 1, entryPath: '/', trafficSource: 'google', sourceLabel: 'Google', channel: 'search', channelGroup: 'Organic Search', locale: 'en-gb' });
    expect(detail.events.map((e: any) => e.eventType)).toEqual(['pageview', 'pageview', 'event']);
    const missing = await call('/v1/sessions/6f1c2b3a-0000-4000-8000-000000000009');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('validate dry-runs the same acceptance rules', async () => {
    const exact = await get(`/v1/validate?domain=${domain}&origin=https://${domain}`);
    expect(exact).toMatchObject({ accepted: true, cors: true, domain: { reason: 'trusted_domain' }, origin: { trusted: true, reason: 'trusted_domain', matched: domain } });
    // A subdomain's pages are recorded, but the origin may not read responses.
    const v = await get(`/v1/validate?domain=www.${domain}&origin=https://www.${domain}`);
    expect(v).toEqual({
      accepted: true, cors: false,
      domain: { value: `www.${domain}`, trusted: true, reason: 'subdomain_of_trusted_domain', matched: domain },
      origin: { value: `https://www.${domain}`, trusted: false, reason: 'subdomain_not_listed', matched: domain },
    });
    expect(await get(`/v1/validate?domain=evil.test`)).toMatchObject({ accepted: false, origin: null, domain: { reason: 'untrusted' } });
    expect(await get(`/v1/validate?domain=${domain}&origin=http://localhost:3000`)).toMatchObject({ accepted: false, origin: { reason: 'local_origins_disabled' } });
    expect(await get(`/v1/validate?domain=${domain}&origin=https://dash.switchyard.test`)).toMatchObject({ accepted: true, cors: true, origin: { reason: 'dashboard_origin' } });
    expect((await api(svc.url, p.apiKey)('/v1/validate')).status).toBe(400);
  });

  it('CORS: header only for trusted origins, never an error for untrusted ones', async () => {
    const call = (origin?: string) => fetch(`${svc.url}/v1/project`, { headers: { authorization: `Bearer ${p.apiKey}`, ...(origin ? { origin } : {}) } });
    const trusted = await call(`https://${domain}`);
    expect(trusted.status).toBe(200);
    expect(trusted.headers.get('access-control-allow-origin')).toBe(`https://${domain}`);
    const dash = await call('https://dash.switchyard.test');
    expect(dash.headers.get('access-control-allow-origin')).toBe('https://dash.switchyard.test');
    const evil = await call('https://evil.test');
    expect(evil.status).toBe(200);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const local = await call('http://localhost:5173');
    expect(local.headers.get('access-control-allow-origin')).toBeNull();
    const none = await call();
    expect(none.status).toBe(200);
    expect(none.headers.get('access-control-allow-origin')).toBeNull();

    const preflight = (origin: string) =>
      fetch(`${svc.url}/v1/stats/overview`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    const ok = await preflight(`https://${domain}`);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(`https://${domain}`);
    expect(ok.headers.get('access-control-allow-headers')).toContain('Authorization');
    const no = await preflight('https://evil.test');
    expect(no.status).toBe(204);
    expect(no.headers.get('access-control-allow-origin')).toBeNull();

    const localProject = await createProject(svc.url, { allowLocalOrigins: true });
    const localOk = await fetch(`${svc.url}/v1/project`, { headers: { authorization: `Bearer ${localProject.apiKey}`, origin: 'http://localhost:5173' } });
    expect(localOk.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const beaconLocal = await beacon(svc.url, { projectId: localProject.project.id, type: 'pageview', url: 'http://localhost:5173/' }, { origin: 'http://localhost:5173' });
    expect(beaconLocal.status).toBe(202);
    expect(beaconLocal.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it('CORS: the listed domains exactly; a subdomain only through a wildcard the project lists', async () => {
    const read = (key: string, origin: string) => fetch(`${svc.url}/v1/project`, { headers: { authorization: `Bearer ${key}`, origin } });
    const preflight = (origin: string) =>
      fetch(`${svc.url}/v1/stats/overview`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    for (const sub of [`https://deep.sub.${domain}`, `https://www.${domain}`, `https://evil${domain}`]) {
      const res = await read(p.apiKey, sub);
      expect(res.status, sub).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), sub).toBeNull();
      expect((await preflight(sub)).headers.get('access-control-allow-origin'), sub).toBeNull();
    }
    // A subdomain's beacons are still recorded (a beacon needs no CORS), without the header.
    const sent = await beacon(svc.url, { projectId: p.project.id, type: 'pageview', url: `https://deep.sub.${domain}/` }, { origin: `https://deep.sub.${domain}` });
    expect(sent.status).toBe(202);
    expect(sent.headers.get('access-control-allow-origin')).toBeNull();

    const site = uniqueDomain('wild');
    const wild = await createProject(svc.url, { domains: [`*.${site}`] });
    expect(wild.project.domains).toEqual([`*.${site}`]);
    const deep = `https://deep.sub.${site}`;
    expect((await read(wild.apiKey, deep)).headers.get('access-control-allow-origin')).toBe(deep);
    expect((await preflight(deep)).headers.get('access-control-allow-origin')).toBe(deep);
    // The wildcard covers subdomains, not the domain itself.
    expect((await read(wild.apiKey, `https://${site}`)).headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight(`https://${site}`)).headers.get('access-control-allow-origin')).toBeNull();
    const wildBeacon = await beacon(svc.url, { projectId: wild.project.id, type: 'pageview', url: `${deep}/` }, { origin: deep });
    expect(wildBeacon.status).toBe(202);
    expect(wildBeacon.headers.get('access-control-allow-origin')).toBe(deep);
    expect(await get(`/v1/validate?domain=x.${site}`)).toMatchObject({ accepted: false, domain: { reason: 'untrusted' } });
    const v = await (await api(svc.url, wild.apiKey)(`/v1/validate?domain=deep.sub.${site}&origin=${deep}`)).json();
    expect(v).toMatchObject({ accepted: true, cors: true, origin: { reason: 'subdomain_of_trusted_domain', matched: `*.${site}` } });

    for (const domains of [['*.test'], ['*.com'], ['*example.com'], ['a.*.example.com']]) {
      const res = await fetch(`${svc.url}/v1/projects`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ inviteCode: INVITE, name: 'x', domains }),
      });
      expect(res.status, domains[0]).toBe(400);
      expect((await res.json()).error.code).toBe('bad_request');
    }
  });

  it('a warm process answers beacons from memory under the same rules: cap, CORS and errors', async () => {
    const capped = await createProject(svc.url, { dailyEventCap: 6 });
    const site = capped.project.domains[0]!;
    const send = (extra: Record<string, unknown> = {}, origin: string | null = `https://${site}`) =>
      beacon(svc.url, { projectId: capped.project.id, type: 'pageview', url: `https://${site}/warm`, ...extra }, { origin: origin ?? undefined, ip: '81.2.69.160' });
    // The first beacon fetches the policy, the salt and the day's count; the flush settles the count.
    expect((await send()).status).toBe(202);
    await sleep(100);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await send(i === 4 ? {} : { url: `https://${site}/warm/${i}` }, i === 4 ? null : `https://${site}`);
      statuses.push(res.status);
      expect(res.headers.get('access-control-allow-origin')).toBe(i === 4 ? null : `https://${site}`);
      if (i < 4) expect(res.headers.get('vary')).toBe('Origin');
      expect(await res.json()).toEqual({ accepted: true });
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202]);
    const untrusted = await send({ url: 'https://evil.test/' });
    expect(untrusted.status).toBe(403);
    expect((await untrusted.json()).error.code).toBe('untrusted_origin');
    const badOrigin = await send({}, 'https://evil.test');
    expect(badOrigin.status).toBe(403);
    expect(badOrigin.headers.get('access-control-allow-origin')).toBeNull();
    const over = await send();
    expect(over.status).toBe(429);
    expect(over.headers.get('access-control-allow-origin')).toBe(`https://${site}`);
    expect((await over.json()).error.code).toBe('daily_cap_exceeded');
    // Wait for the flush (20 ms here, longer on a busy machine), then check nothing more came.
    let n = 0;
    for (let t = 0; t < 100 && n < 6; t++) {
      await sleep(50);
      n = Number((await svc.db('analytics_events').where({ project_id: capped.project.id }).count({ n: '*' }))[0]!.n);
    }
    await sleep(100);
    expect(Number((await svc.db('analytics_events').where({ project_id: capped.project.id }).count({ n: '*' }))[0]!.n)).toBe(6);
    const counter = await svc.db('analytics_daily_counts').where({ project_id: capped.project.id }).first('count');
    expect(Number(counter.count)).toBe(6);
  });
});
