// The console's key sign-in and sessions over real HTTP and PostgreSQL: the
// cookie's attributes, CSRF on unsafe methods, sign-out and expiry ending the
// session server-side, the task, spend and key scopes of a session, and the provider status route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayKey, startTestService, type TestService } from '../../test/support.ts';
import { mintKey } from '../../protocols/keys.ts';
import { GATEWAY_KEY_PREFIX } from '../../core/gatewayAuth.ts';
import { ConsoleService, csrfTokenOf } from '../../core/console/service.ts';
import { consoleSettings, parseRoleMap, roleOf } from '../../core/console/settings.ts';

const ADMIN_KEY = 'gw_live_consoletestbootstrapkey0123456789abcdefgh';
let service: TestService;
let url: string;

beforeAll(async () => {
  service = await startTestService(['gateway'], { GATEWAY_BOOTSTRAP_KEY: ADMIN_KEY, OPENAI_API_KEY: 'sk-console', ANTHROPIC_API_KEY: undefined, CONSOLE_OIDC_ISSUER: undefined });
  url = service.gatewayUrl!;
}, 60_000);
afterAll(async () => {
  await service?.close();
});

async function signIn(key: string, headers: Record<string, string> = {}) {
  return fetch(`${url}/api/console/sign-in/key`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ key }) });
}
const cookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('switchyard_console='))!.split(';')[0]!;

describe('console sessions', () => {
  it('signs in with an admin key only, sets an HttpOnly SameSite cookie, Secure only behind a trusted https proxy', async () => {
    expect(await (await fetch(`${url}/api/console/sign-in`)).json()).toEqual({ success: true, data: { methods: ['key'] } });
    const wrong = await signIn('gw_live_notakeyatall0123456789abcdefghijklmnopqrstu');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const member = await createGatewayKey(service.db, 'member');
    const refused = await signIn(member.key);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ success: false, code: 'admin_key_required' });

    const res = await signIn(ADMIN_KEY);
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.data).toMatchObject({ role: 'admin', via: 'key', name: 'bootstrap (GATEWAY_BOOTSTRAP_KEY)' });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('switchyard_console='))!;
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Max-Age=43200/);
    expect(setCookie).not.toMatch(/Secure/);
    // The test's client is on loopback, a trusted proxy by default: its X-Forwarded-Proto counts.
    const proxied = await signIn(ADMIN_KEY, { 'x-forwarded-proto': 'https' });
    expect(proxied.headers.getSetCookie().find((c) => c.startsWith('switchyard_console='))).toMatch(/; Secure$/);
  });

  it('opens the API routes the console calls; unsafe methods need the CSRF token; sign-out ends the session', async () => {
    const res = await signIn(ADMIN_KEY);
    const cookie = cookieOf(res);
    const { csrfToken } = ((await res.json()) as any).data;
    const session = await fetch(`${url}/api/console/session`, { headers: { cookie } });
    expect(((await session.json()) as any).data).toMatchObject({ role: 'admin', csrfToken });
    expect((await fetch(`${url}/api/llm/circuits`, { headers: { cookie } })).status).toBe(200);
    // Not every route takes a session: the CLI-style routes stay bearer-only.
    expect((await fetch(`${url}/api/vision/models`, { headers: { cookie } })).status).toBe(401);

    const cancel = (headers: Record<string, string>) =>
      fetch(`${url}/api/llm/queue/cancel`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', ...headers }, body: JSON.stringify({ queueId: '3f6b1c2e-8a4d-4f1e-9b7a-2c5d8e9f0a1b' }) });
    const noToken = await cancel({});
    expect(noToken.status).toBe(403);
    expect(await noToken.json()).toMatchObject({ success: false, code: 'csrf_failed' });
    expect((await cancel({ 'x-csrf-token': `${csrfToken}x` })).status).toBe(403);
    // Through: an unknown task.
    expect((await cancel({ 'x-csrf-token': csrfToken })).status).toBe(404);

    expect((await fetch(`${url}/api/console/sign-out`, { method: 'POST', headers: { cookie } })).status).toBe(403);
    const out = await fetch(`${url}/api/console/sign-out`, { method: 'POST', headers: { cookie, 'x-csrf-token': csrfToken } });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().find((c) => c.startsWith('switchyard_console='))).toMatch(/^switchyard_console=; .*Max-Age=0/);
    // The old cookie opens nothing any more, sent by anyone.
    expect((await fetch(`${url}/api/console/session`, { headers: { cookie } })).status).toBe(401);
    expect((await fetch(`${url}/api/llm/circuits`, { headers: { cookie } })).status).toBe(401);
  });

  it('a session expires by its clock, and ends when its key expires or is revoked', async () => {
    let now = Date.now();
    const consoleService = new ConsoleService(service.db, consoleSettings({ CONSOLE_SESSION_HOURS: '1' }), () => now);
    const minted = mintKey(GATEWAY_KEY_PREFIX);
    const [row] = await service.db('gateway_keys').insert({ lookup: minted.lookup, hash: minted.hash, name: 'admin two', role: 'admin' }).returning('id');
    const signedIn = await consoleService.signInWithKey({ keyId: row.id, keyName: 'admin two', role: 'admin', tags: [] });
    const get = { method: 'GET', token: signedIn.token };
    expect(await consoleService.authenticate(get)).toMatchObject({ keyId: row.id, role: 'admin', principal: { subject: `key:${row.id}`, via: 'key', role: 'admin' } });
    now += 3600_000 - 1;
    expect(await consoleService.authenticate(get)).not.toBeNull();
    now += 1;
    expect(await consoleService.authenticate(get)).toBeNull();

    // The key expiring ends its sessions too.
    now = Date.now();
    const expiring = await consoleService.signInWithKey({ keyId: row.id, keyName: 'admin two', role: 'admin', tags: [] });
    await service.db('gateway_keys').where({ id: row.id }).update({ expires_at: new Date(now + 60_000) });
    expect(await consoleService.authenticate({ method: 'GET', token: expiring.token })).not.toBeNull();
    now += 60_000;
    expect(await consoleService.authenticate({ method: 'GET', token: expiring.token })).toBeNull();
    await service.db('gateway_keys').where({ id: row.id }).update({ expires_at: null });

    now = Date.now();
    const again = await consoleService.signInWithKey({ keyId: row.id, keyName: 'admin two', role: 'admin', tags: [] });
    await service.db('gateway_keys').where({ id: row.id }).update({ revoked_at: new Date() });
    expect(await consoleService.authenticate({ method: 'GET', token: again.token })).toBeNull();
    // An expired key does not sign in.
    await expect(consoleService.signInWithKey({ keyId: row.id, keyName: 'x', role: 'admin', tags: [], expiresAt: now })).rejects.toMatchObject({ status: 401 });
  });

  it('lists every provider with whether it is configured and which variable to set', async () => {
    const res = await signIn(ADMIN_KEY);
    const list = ((await (await fetch(`${url}/api/llm/providers/status`, { headers: { cookie: cookieOf(res) } })).json()) as any).data;
    expect(list.map((p: any) => p.provider)).toEqual(((await (await fetch(`${url}/api/llm/providers`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).json()) as any).data.providers);
    expect(list.find((p: any) => p.provider === 'openai')).toEqual({ provider: 'openai', configured: true, configuredBy: 'environment', local: false, variables: [{ name: 'OPENAI_API_KEY', set: true }, { name: 'OPENAI_BASE_URL', set: false }], missing: [] });
    expect(list.find((p: any) => p.provider === 'anthropic')).toMatchObject({ configured: false, missing: ['ANTHROPIC_API_KEY'] });
    expect(list.find((p: any) => p.provider === 'ollama')).toMatchObject({ configured: true, local: true, missing: [] });
  });

  it('scopes tasks: a bearer key its own, a member session its team, an admin session all', async () => {
    const db = service.db;
    const [team] = await db('gateway_teams').insert({ name: 'blue' }).returning('id');
    const mate = await createGatewayKey(db, 'mate');
    const stranger = await createGatewayKey(db, 'stranger');
    await db('gateway_keys').where({ id: mate.id }).update({ team_id: team.id });
    const task = (keyId: string, status: string) => ({ id: crypto.randomUUID(), key_id: keyId, kind: 'completion', provider: 'openai', model: 'gpt-4o-mini', status, request: '{}',
      error: status === 'error' ? JSON.stringify({ code: 'upstream_error', message: 'openai answered 500' }) : null });
    const mateTask = task(mate.id, 'error');
    const strangerTask = task(stranger.id, 'error');
    await db('gateway_tasks').insert([mateTask, strangerTask]);

    const ids = (data: any[]) => data.map((t) => t.queueId).filter((id) => id === mateTask.id || id === strangerTask.id).sort();
    const asBearer = ((await (await fetch(`${url}/api/llm/queue/tasks?status=error`, { headers: { authorization: `Bearer ${mate.key}` } })).json()) as any).data;
    expect(asBearer).toEqual([expect.objectContaining({ queueId: mateTask.id, errorCode: 'upstream_error', error: 'openai answered 500', keyName: 'mate', status: 'error' })]);

    const consoleService = new ConsoleService(db, consoleSettings({}));
    const memberSession = await consoleService.signInWithKey({ keyId: mate.id, keyName: 'mate', role: 'admin', tags: [] });
    await db('console_sessions').update({ role: 'member', team_id: team.id }).where({ key_id: mate.id });
    const own = await consoleService.authenticate({ method: 'GET', token: memberSession.token });
    expect(own).toMatchObject({ role: 'member', teamId: team.id });
    const asMember = ((await (await fetch(`${url}/api/llm/queue/tasks?status=error`, { headers: { cookie: `switchyard_console=${memberSession.token}` } })).json()) as any).data;
    expect(ids(asMember)).toEqual([mateTask.id]);
    const asAdmin = ((await (await fetch(`${url}/api/llm/queue/tasks?status=error&provider=openai`, { headers: { cookie: cookieOf(await signIn(ADMIN_KEY)) } })).json()) as any).data;
    expect(ids(asAdmin)).toEqual([mateTask.id, strangerTask.id].sort());
  });

  it("scopes spend and keys: a member session its team's, read-only; a member key its own; an admin every key", async () => {
    const db = service.db;
    const [team] = await db('gateway_teams').insert({ name: 'green' }).returning('id');
    const [other] = await db('gateway_teams').insert({ name: 'amber' }).returning('id');
    const me = await createGatewayKey(db, 'green me');
    const mate = await createGatewayKey(db, 'green mate');
    const outsider = await createGatewayKey(db, 'amber outsider');
    await db('gateway_keys').whereIn('id', [me.id, mate.id]).update({ team_id: team.id });
    await db('gateway_keys').where({ id: outsider.id }).update({ team_id: other.id });
    const day = '2025-03-04';
    const usage = (keyId: string, teamId: string, cost: string) => ({ key_id: keyId, team_id: teamId, tags: [], kind: 'completion', billing: 'metered', model: 'gpt-4o-mini', provider: 'openai',
      surface: 'native', input_tokens: 10, output_tokens: 5, total_tokens: 15, cost, created_at: `${day}T12:00:00Z` });
    await db('gateway_usage').insert([usage(me.id, team.id, '0.25'), usage(mate.id, team.id, '0.5'), usage(mate.id, team.id, '0.125'), usage(outsider.id, other.id, '2')]);

    const consoleService = new ConsoleService(db, consoleSettings({}));
    const session = await consoleService.signInWithKey({ keyId: me.id, keyName: 'green me', role: 'admin', tags: [] });
    await db('console_sessions').update({ role: 'member', team_id: team.id }).where({ key_id: me.id });
    const asMember = (path: string, init: RequestInit = {}) =>
      fetch(`${url}${path}`, { ...init, headers: { cookie: `switchyard_console=${session.token}`, 'x-csrf-token': csrfTokenOf(session.token), 'content-type': 'application/json', ...init.headers } })
        .then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    const asKey = (key: string, path: string) => fetch(`${url}${path}`, { headers: { authorization: `Bearer ${key}` } }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    const spendPath = `/api/llm/spend?from=${day}&to=${day}&groupBy=key`;
    const rows = (body: any) => body.data.rows.map((r: any) => [r.keyName, r.calls, r.spend]);

    // The member's session: its team's rows, whichever key made them; never the other team's.
    const team1 = await asMember(spendPath);
    expect(rows(team1.body)).toEqual([['green mate', 2, 0.625], ['green me', 1, 0.25]]);
    expect(team1.body.data.totals).toMatchObject({ calls: 3, spend: 0.875 });
    expect((await asMember(`${spendPath}&keyId=${mate.id}`)).body.data.totals).toMatchObject({ calls: 2, spend: 0.625 });
    expect((await asMember(`${spendPath}&keyId=${outsider.id}`)).body.data.totals).toMatchObject({ calls: 0, spend: 0 });
    expect(await asMember(`${spendPath}&teamId=${other.id}`)).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    // Its keys: its team's, read-only.
    expect((await asMember('/api/llm/admin/keys')).body.data.map((k: any) => k.name).sort()).toEqual(['green mate', 'green me']);
    expect((await asMember(`/api/llm/admin/keys/${mate.id}`)).body.data.key).toMatchObject({ id: mate.id, teamId: team.id });
    expect(await asMember(`/api/llm/admin/keys/${outsider.id}`)).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect(await asMember(`/api/llm/admin/keys?teamId=${other.id}`)).toMatchObject({ status: 403, body: { code: 'admin_only' } });
    for (const [method, path, body] of [['PATCH', `/api/llm/admin/keys/${mate.id}`, { budgets: null }], ['DELETE', `/api/llm/admin/keys/${mate.id}`], ['POST', '/api/llm/admin/keys', { name: 'mine' }],
      ['PUT', '/api/llm/admin/tags/green', { budgets: null }], ['GET', '/api/llm/admin/teams']] as const) {
      const answer = await asMember(path, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
      expect([method, path, answer.status, answer.body.code]).toEqual([method, path, 403, 'admin_only']);
    }
    expect((await db('gateway_keys').where({ id: mate.id }).first()).revoked_at).toBeNull();

    // The same member's bearer key: its own rows only, and no admin route.
    expect(rows((await asKey(me.key, spendPath)).body)).toEqual([['green me', 1, 0.25]]);
    expect(await asKey(me.key, '/api/llm/admin/keys')).toMatchObject({ status: 403, body: { code: 'admin_only' } });
    // An admin: every key's.
    expect((await asKey(ADMIN_KEY, spendPath)).body.data.totals).toMatchObject({ calls: 4, spend: 2.875 });
  });
});

describe('console roles from the identity provider', () => {
  it('maps claim values to the highest role granted; unknown values grant none', () => {
    const roles = parseRoleMap('admin=ops, member=eng,viewer=finance,viewer=eng');
    expect(roleOf(['finance', 'eng'], roles)).toBe('member');
    expect(roleOf(['finance', 'ops'], roles)).toBe('admin');
    expect(roleOf('finance', roles)).toBe('viewer');
    expect(roleOf(['sales'], roles)).toBeUndefined();
    expect(roleOf(undefined, roles)).toBeUndefined();
    expect(() => parseRoleMap('owner=ops')).toThrow(/CONSOLE_OIDC_ROLES/);
    expect(() => consoleSettings({ CONSOLE_OIDC_ISSUER: 'http://idp.example.com', CONSOLE_OIDC_CLIENT_ID: 'c', CONSOLE_OIDC_CLIENT_SECRET: 's' })).toThrow(/https/);
    expect(() => consoleSettings({ CONSOLE_OIDC_ISSUER: 'https://idp.example.com' })).toThrow(/CONSOLE_OIDC_CLIENT_ID/);
  });
});
