import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, INVITE, startAnalytics, uniqueDomain } from './testing.ts';

describe('analytics provisioning and keys', () => {
  let svc: Awaited<ReturnType<typeof startAnalytics>>;
  beforeAll(async () => {
    svc = await startAnalytics();
  });
  afterAll(async () => svc?.close());

  const post = (body: unknown) =>
    fetch(`${svc.url}/v1/projects`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('creates a project with an invite code and returns the live key once, hashed at rest', async () => {
    const domain = uniqueDomain();
    const res = await post({ inviteCode: INVITE, name: 'Blog', domains: [domain.toUpperCase()] });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.apiKey).toMatch(/^an_live_[A-Za-z0-9_-]{43}$/);
    expect(body.project).toMatchObject({
      name: 'Blog', domains: [domain], retentionDays: 395, dailyEventCap: 100000, readKeyPrefix: null, allowLocalOrigins: false,
      keyPrefix: body.apiKey.slice(0, 16),
    });
    const stored = await svc.db('analytics_keys').where({ project_id: body.project.id });
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(body.apiKey.slice(16));
    expect((stored[0].hash as Buffer).length).toBe(32);

    const info = await api(svc.url, body.apiKey)('/v1/project');
    expect(info.status).toBe(200);
    expect(await info.json()).toEqual(body.project);
  });

  it('answers 403 invalid_invite_code, 400 bad_request and 409 conflict', async () => {
    const bad = await post({ inviteCode: 'nope', name: 'x', domains: [uniqueDomain()] });
    expect(bad.status).toBe(403);
    expect(await bad.json()).toEqual({ error: { code: 'invalid_invite_code', message: expect.any(String) } });

    for (const body of [
      { inviteCode: INVITE, name: 'x', domains: [] },
      { inviteCode: INVITE, name: 'x', domains: ['https://example.com/path'] },
      { inviteCode: INVITE, name: 'x' },
      { inviteCode: INVITE, name: 'x', domains: ['intranet'] },
    ]) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error.code).toBe('bad_request');
    }
    const malformed = await fetch(`${svc.url}/v1/projects`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe('bad_request');

    const domain = uniqueDomain();
    await createProject(svc.url, { domains: [domain] });
    const taken = await post({ inviteCode: INVITE, name: 'y', domains: [uniqueDomain(), domain] });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error).toEqual({ code: 'conflict', message: expect.stringContaining(domain) });
  });

  it('401 unauthorized without, or with a wrong, key', async () => {
    for (const auth of [undefined, 'Bearer an_live_wrongwrongwrongwrongwrongwrongwrongwrongwrong', 'Bearer gw_live_x']) {
      const res = await fetch(`${svc.url}/v1/stats/overview`, { headers: auth ? { authorization: auth } : {} });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
    }
  });

  it('mints, uses and revokes a read-only key; the read key cannot write', async () => {
    const { apiKey, project } = await createProject(svc.url);
    const live = api(svc.url, apiKey);
    const minted = await live('/v1/keys/read', { method: 'POST' });
    expect(minted.status).toBe(201);
    const { apiKey: readKey, keyPrefix } = await minted.json();
    expect(readKey).toMatch(/^an_read_[A-Za-z0-9_-]{43}$/);
    expect((await (await live('/v1/project')).json()).readKeyPrefix).toBe(keyPrefix);

    const read = api(svc.url, readKey);
    expect((await read('/v1/project')).status).toBe(200);
    expect((await read('/v1/stats/overview')).status).toBe(200);
    for (const [path, init] of [
      ['/v1/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x' }) }],
      ['/v1/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events: [] }) }],
      ['/v1/keys/read', { method: 'POST' }],
      ['/v1/keys/read', { method: 'DELETE' }],
    ] as const) {
      const res = await read(path, init as RequestInit);
      expect(res.status, path).toBe(403);
      expect((await res.json()).error.code).toBe('read_only_key');
    }

    // Minting again replaces the old read key.
    const again = await (await live('/v1/keys/read', { method: 'POST' })).json();
    expect((await read('/v1/project')).status).toBe(401);
    expect((await api(svc.url, again.apiKey)('/v1/project')).status).toBe(200);

    expect((await live('/v1/keys/read', { method: 'DELETE' })).status).toBe(204);
    expect((await api(svc.url, again.apiKey)('/v1/project')).status).toBe(401);
    expect((await (await live('/v1/project')).json()).readKeyPrefix).toBeNull();
    expect(project.id).toBeTruthy();
  });

  it('serves the tracking script, small, with a baked-in project when asked', async () => {
    const res = await fetch(`${svc.url}/script.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(await res.text()).toContain('/v1/collect');
    const baked = await (await fetch(`${svc.url}/script.js?project=3f0c9a52-7d1e-4c8b-9a57-2b1f0e6d4c21`)).text();
    expect(baked).toContain('3f0c9a52-7d1e-4c8b-9a57-2b1f0e6d4c21');
    expect((await fetch(`${svc.url}/script.js?project=nope`)).status).toBe(400);
  });
});
