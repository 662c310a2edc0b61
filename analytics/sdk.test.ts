// Every analytics operation once through the generated SDK, so the contract,
// the generator and the service are proven to agree.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '../generated/analytics/client/index.ts';
import * as sdk from '../generated/analytics/sdk.gen.ts';
import { CHROME_MAC, INVITE, sleep, startAnalytics, uniqueDomain } from './testing.ts';

describe('analytics through the generated SDK', () => {
  let svc: Awaited<ReturnType<typeof startAnalytics>>;
  let anon: Client;
  let live: Client;
  let projectId: string;
  let domain: string;

  beforeAll(async () => {
    svc = await startAnalytics();
    anon = createClient({ baseUrl: svc.url });
    domain = uniqueDomain('sdk');
    const created = await sdk.createProject({ client: anon, body: { inviteCode: INVITE, name: 'SDK', domains: [domain] } });
    expect(created.response!.status).toBe(201);
    projectId = created.data!.project.id;
    live = createClient({ baseUrl: svc.url, headers: { authorization: `Bearer ${created.data!.apiKey}` } });
  });
  afterAll(async () => svc?.close());

  it('provisioning errors come back typed', async () => {
    const bad = await sdk.createProject({ client: anon, body: { inviteCode: 'nope', name: 'x', domains: [uniqueDomain()] } });
    expect(bad.response!.status).toBe(403);
    expect(bad.error).toEqual({ error: { code: 'invalid_invite_code', message: expect.any(String) } });
    const taken = await sdk.createProject({ client: anon, body: { inviteCode: INVITE, name: 'x', domains: [domain] } });
    expect(taken.response!.status).toBe(409);
    const noKey = await sdk.getProject({ client: anon });
    expect(noKey.response!.status).toBe(401);
    expect(noKey.error?.error.code).toBe('unauthorized');
  });

  it('collects, records, imports and reads back every stats route', async () => {
    const collected = await sdk.collectEvent({
      client: anon,
      body: { projectId, type: 'pageview', url: `https://${domain}/welcome?utm_source=newsletter`, locale: 'en-US' },
      headers: { 'user-agent': CHROME_MAC, 'x-forwarded-for': '81.2.69.160' },
    });
    expect(collected.response!.status).toBe(202);
    expect(collected.data).toEqual({ accepted: true });
    const recorded = await sdk.recordEvent({ client: live, body: { name: 'Signup', props: { plan: 'pro' }, path: '/welcome' } });
    expect(recorded.response!.status).toBe(202);
    const imported = await sdk.importEvents({
      client: live,
      body: { events: [{ createdAt: new Date(Date.now() - 3600_000).toISOString(), sessionId: randomUUID(), eventType: 'pageview', path: '/old', userAgent: CHROME_MAC }] },
    });
    expect(imported.data).toEqual({ received: 1, inserted: 1, skippedInvalid: 0, skippedDuplicate: 0 });
    await sleep(200);

    const overview = await sdk.getOverview({ client: live, query: { window: '24h' } });
    expect(overview.data).toMatchObject({ window: '24h', visitors: 3, pageviews: 2, events: 1 });
    expect(overview.data!.bySource).toEqual(expect.arrayContaining([{ source: 'newsletter', label: 'newsletter', channel: 'referral', channelGroup: 'Email', visitors: 1 }]));
    expect((await sdk.getTimeseries({ client: live, query: { window: '24h' } })).data!.interval).toBe('hour');
    expect((await sdk.getPages({ client: live })).data!.results).toEqual(expect.arrayContaining([{ path: '/welcome', pageviews: 1, visitors: 1 }]));
    expect((await sdk.getSources({ client: live })).data!.results.length).toBeGreaterThan(0);
    expect((await sdk.getCountries({ client: live })).data!.results).toEqual(expect.arrayContaining([{ country: 'GB', visitors: 1 }]));
    expect((await sdk.getRegions({ client: live, query: { country: 'GB' } })).data!.results).toEqual([{ country: 'GB', region: 'England', regionCode: 'GB-ENG', visitors: 1 }]);
    expect((await sdk.getLocales({ client: live })).data!.results).toEqual(expect.arrayContaining([{ locale: 'en-us', visitors: 1 }]));
    expect((await sdk.getEventStats({ client: live })).data!.results).toEqual([{ name: 'Signup', events: 1, visitors: 1, revenue: [] }]);
    expect((await sdk.getUtm({ client: live })).data!.sources).toEqual([{ value: 'newsletter', visitors: 1 }]);
    expect((await sdk.getDevices({ client: live })).data!.browsers).toEqual(expect.arrayContaining([{ name: 'Chrome', visitors: 2 }]));
    expect((await sdk.getGoals({ client: live })).data!.results[0]).toMatchObject({ name: 'Signup', visitors: 1 });
    expect((await sdk.getRealtime({ client: live })).data!.activeSessions).toBeGreaterThanOrEqual(2);

    const sessions = await sdk.listSessions({ client: live, query: { limit: 2 } });
    expect(sessions.data).toMatchObject({ limit: 2, offset: 0, hasMore: true });
    const one = await sdk.getSession({ client: live, path: { sessionId: sessions.data!.sessions[0]!.id } });
    expect(one.data!.events.length).toBeGreaterThan(0);
    const missing = await sdk.getSession({ client: live, path: { sessionId: randomUUID() } });
    expect(missing.response!.status).toBe(404);
    expect(missing.error?.error.code).toBe('not_found');

    const exported = await sdk.exportEvents({ client: live, query: { format: 'ndjson', limit: 2 }, parseAs: 'text' });
    expect(exported.response!.headers.get('x-next-cursor')).toBeTruthy();
    expect(String(exported.data).trim().split('\n')).toHaveLength(2);
  });

  it('keys, validate and the tracker script', async () => {
    const project = await sdk.getProject({ client: live });
    expect(project.data).toMatchObject({ id: projectId, domains: [domain], readKeyPrefix: null });
    const minted = await sdk.createReadKey({ client: live });
    const read = createClient({ baseUrl: svc.url, headers: { authorization: `Bearer ${minted.data!.apiKey}` } });
    expect((await sdk.getOverview({ client: read })).response!.status).toBe(200);
    const denied = await sdk.recordEvent({ client: read, body: { name: 'x' } });
    expect(denied.response!.status).toBe(403);
    expect(denied.error?.error.code).toBe('read_only_key');
    expect((await sdk.revokeReadKey({ client: live })).response!.status).toBe(204);
    expect((await sdk.getOverview({ client: read })).response!.status).toBe(401);

    const verdict = await sdk.validateSetup({ client: live, query: { domain: `www.${domain}`, origin: `https://${domain}` } });
    expect(verdict.data).toMatchObject({ accepted: true, cors: true });
    const script = await sdk.getTrackerScript({ client: anon, parseAs: 'text' });
    expect(script.response!.status).toBe(200);
    expect(String(script.data)).toContain('sendBeacon');
  });
});
