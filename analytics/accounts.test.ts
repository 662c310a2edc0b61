import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, INVITE, linkIn, Person, startAnalytics, uniqueDomain, type Created } from './testing.ts';
import { startSmtpSink, type SmtpSink } from '../test/smtp.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { accountClock } from './accounts.ts';

const PASSWORD = 'correct horse battery';
let addresses = 0;
/** Each person signs in from an address of their own, so the per-address limit is theirs to reach. */
const nextAddress = () => `198.51.100.${++addresses}`;

describe('analytics accounts, roles, invitations and protected share links', () => {
  let svc: Awaited<ReturnType<typeof startAnalytics>>;
  let smtp: SmtpSink;
  let owner: Person;
  let site: Created;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    svc = await startAnalytics({ SMTP_URL: smtp.url, ANALYTICS_SIGNUP: 'open', ANALYTICS_SCRYPT_LOG_N: '10', ANALYTICS_SIGN_IN_FAILURES_PER_ADDRESS: '8' });
    owner = new Person(svc.url, nextAddress());
    const up = await owner.json('/v1/account/sign-up', { body: { email: `Owner-${randomUUID()}@Example.com`, password: PASSWORD, name: 'Olive' } });
    expect(up.status).toBe(201);
    const res = await owner.call('/v1/projects', { body: { inviteCode: INVITE, name: 'Team site', domains: [uniqueDomain()] } });
    expect(res.status).toBe(201);
    site = await res.json() as Created;
    owner.site = site.project.id;
    const events = Array.from({ length: 12 }, (_, i) => ({
      sessionId: randomUUID(), createdAt: new Date(Date.now() - (i + 1) * 3600_000).toISOString(), eventType: 'pageview', path: `/p/${i % 3}`,
      country: ['DE', 'FR'][i % 2], trafficSource: 'google', browser: 'Firefox', os: 'Linux', deviceType: 'desktop',
    }));
    expect((await api(svc.url, site.apiKey)('/v1/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events }) })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
    await smtp?.close();
  });

  /** Invites `email` as `role` (by `by`, a person or the live key) and accepts from the mailed link as a new account. */
  async function invited(role: 'owner' | 'admin' | 'viewer', by: Person | string = owner): Promise<Person> {
    const email = `${role}-${randomUUID()}@example.com`;
    const res = typeof by === 'string'
      ? await api(svc.url, by)('/v1/invitations', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, role }) })
      : await by.call('/v1/invitations', { body: { email, role } });
    expect(res.status).toBe(201);
    const mail = await smtp.next((m) => (m.to as { text: string }).text === email);
    const { token } = linkIn(mail.text!, 'invite');
    const person = new Person(svc.url, nextAddress());
    const preview = await person.json('/v1/invitations/preview', { body: { token } });
    expect(preview.body).toMatchObject({ siteName: 'Team site', role, email, hasAccount: false });
    const accepted = await person.json('/v1/invitations/accept', { body: { token, password: PASSWORD } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ siteId: site.project.id, role });
    person.site = site.project.id;
    return person;
  }

  it('hashes passwords with scrypt: the stored form names its cost, salts differ, only the right password verifies', async () => {
    const a = await hashPassword('one password here', { logN: 10, r: 8, p: 1 });
    const b = await hashPassword('one password here', { logN: 10, r: 8, p: 1 });
    expect(a).toMatch(/^scrypt\$10\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('one password here', a)).toBe(true);
    expect(await verifyPassword('one password herE', a)).toBe(false);
    const stored = await svc.db('analytics_accounts').where({ email: (await owner.json('/v1/account')).body.account.email }).first();
    expect(stored.password_hash).toMatch(/^scrypt\$10\$/);
    expect(stored.password_hash).not.toContain(PASSWORD);
  });

  it('a session: an HttpOnly SameSite cookie, a CSRF token on unsafe methods, one login for the person\'s sites', async () => {
    expect(owner.setCookie).toMatch(/HttpOnly/);
    expect(owner.setCookie).toMatch(/SameSite=Lax/);
    expect(owner.setCookie).not.toMatch(/Secure/);
    const me = await owner.json('/v1/account');
    expect(me.status).toBe(200);
    expect(me.body.account.email).toMatch(/^owner-.*@example\.com$/);
    expect(me.body.sites).toEqual([{ id: site.project.id, name: 'Team site', role: 'owner', hiddenSections: [] }]);
    // Over https (a trusted proxy says so) the cookie is Secure.
    const secure = new Person(svc.url, nextAddress());
    await secure.json('/v1/account/sign-in', { body: { email: me.body.account.email, password: PASSWORD }, headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.setCookie).toMatch(/; Secure/);

    const noCsrf = await owner.json('/v1/keys/read', { method: 'POST', csrf: false });
    expect(noCsrf).toMatchObject({ status: 403, body: { error: { code: 'csrf_failed' } } });
    const wrongCsrf = await owner.json('/v1/keys/read', { method: 'POST', headers: { 'x-csrf-token': 'x'.repeat(43) }, csrf: false });
    expect(wrongCsrf.body.error.code).toBe('csrf_failed');

    const other = await createProject(svc.url);
    const elsewhere = await owner.json('/v1/stats/overview', { headers: { 'x-site': other.project.id } });
    expect(elsewhere).toMatchObject({ status: 403, body: { error: { code: 'not_a_member' } } });
    const nowhere = new Person(svc.url, owner.address);
    nowhere.cookie = owner.cookie;
    expect((await nowhere.json('/v1/stats/overview')).body.error.code).toBe('site_required');
    expect((await new Person(svc.url).json('/v1/stats/overview')).status).toBe(401);
  });

  it('an owner\'s session has the live key\'s rights and the same numbers as the key', async () => {
    // Whole days, so both answers cover the same instants.
    const qs = `period=custom&from=${new Date(Date.now() - 3 * 86400_000).toISOString().slice(0, 10)}&to=${new Date(Date.now() + 86400_000).toISOString().slice(0, 10)}`;
    const key = await (await api(svc.url, site.apiKey)(`/v1/stats/overview?${qs}`)).json();
    const session = await owner.json(`/v1/stats/overview?${qs}`);
    expect(session.status).toBe(200);
    expect(session.body).toEqual(key);
    expect(key.pageviews).toBe(12);
    const read = await owner.json('/v1/keys/read', { method: 'POST' });
    expect(read.status).toBe(201);
    expect(read.body.apiKey).toMatch(/^an_read_/);
    // The key keeps working exactly as before beside the sessions.
    expect((await api(svc.url, read.body.apiKey)('/v1/export')).status).toBe(200);
    expect((await api(svc.url, read.body.apiKey)('/v1/keys/read', { method: 'POST' })).status).toBe(403);
  });

  it('a viewer invited by mail sees the dashboard and the stats, and gets 403 on keys, export, settings and members', async () => {
    const viewer = await invited('viewer');
    expect((await viewer.json('/v1/account')).body.sites).toEqual([{ id: site.project.id, name: 'Team site', role: 'viewer', hiddenSections: [] }]);
    // The dashboard's own call is the sections test's.
    for (const path of ['/v1/stats/overview', '/v1/stats/pages', '/v1/project', '/v1/sessions', '/v1/goals']) {
      expect((await viewer.call(path)).status, path).toBe(200);
    }
    // Viewers have no business with keys: the project comes without the key prefixes, which an owner does see.
    const seen = (await viewer.json('/v1/project')).body;
    expect(seen).toMatchObject({ id: site.project.id, name: 'Team site', hiddenSections: [] });
    expect(Object.keys(seen)).not.toContain('keyPrefix');
    expect(Object.keys(seen)).not.toContain('readKeyPrefix');
    expect((await owner.json('/v1/project')).body.keyPrefix).toBe(site.apiKey.slice(0, 16));
    expect((await (await api(svc.url, site.apiKey)('/v1/project')).json()).keyPrefix).toBe(site.apiKey.slice(0, 16));
    const refused: Array<[string, string, unknown?]> = [
      ['POST', '/v1/keys/read'], ['DELETE', '/v1/keys/read'], ['GET', '/v1/export'], ['GET', '/v1/validate?domain=example.com'],
      ['GET', '/v1/members'], ['POST', '/v1/invitations', { email: 'x@example.com', role: 'viewer' }], ['PUT', '/v1/project/visibility', { hiddenSections: [] }],
      ['GET', '/v1/shared-links'], ['POST', '/v1/goals', { page: '/x' }], ['POST', '/v1/events', { name: 'x' }],
    ];
    for (const [method, path, body] of refused) {
      const res = await viewer.json(path, { method, body });
      expect([res.status, res.body.error.code], `${method} ${path}`).toEqual([403, 'viewer_role']);
    }
  });

  it('an invitation link works once; an existing account signs in before accepting', async () => {
    const email = `twice-${randomUUID()}@example.com`;
    await owner.call('/v1/invitations', { body: { email, role: 'viewer' } });
    const { token } = linkIn((await smtp.next((m) => (m.to as { text: string }).text === email)).text!, 'invite');
    const first = new Person(svc.url, nextAddress());
    expect((await first.json('/v1/invitations/accept', { body: { token, password: 'short' } })).body.error.code).toBe('weak_password');
    expect((await first.json('/v1/invitations/accept', { body: { token, password: PASSWORD } })).status).toBe(200);
    const again = await new Person(svc.url).json('/v1/invitations/accept', { body: { token, password: PASSWORD } });
    expect(again).toMatchObject({ status: 410, body: { error: { code: 'link_expired' } } });

    // Invited again to another site: the account exists, so the link alone does not open it.
    const other = await createProject(svc.url);
    await api(svc.url, other.apiKey)('/v1/invitations', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, role: 'admin' }) });
    const second = linkIn((await smtp.next((m) => (m.to as { text: string }).text === email && m.subject!.includes('Test site'))).text!, 'invite').token;
    const stranger = await new Person(svc.url).json('/v1/invitations/accept', { body: { token: second, password: 'anything at all' } });
    expect(stranger.body.error.code).toBe('sign_in_first');
    expect((await first.json('/v1/invitations/accept', { body: { token: second } })).status).toBe(200);
    expect((await first.json('/v1/account')).body.sites.map((s: { role: string }) => s.role).sort()).toEqual(['admin', 'viewer']);
  });

  it('admins manage admins and viewers; only owners touch owners; a site keeps its last owner', async () => {
    const admin = await invited('admin');
    const viewer = await invited('viewer', admin);
    const members = await admin.json('/v1/members');
    expect(members.status).toBe(200);
    const viewerId = (await viewer.json('/v1/account')).body.account.id;
    expect(members.body.members).toContainEqual(expect.objectContaining({ accountId: viewerId, role: 'viewer' }));
    expect((await admin.json('/v1/invitations', { body: { email: `o-${randomUUID()}@example.com`, role: 'owner' } })).body.error.code).toBe('owner_role');
    const ownerId = (await owner.json('/v1/account')).body.account.id;
    expect((await admin.json(`/v1/members/${ownerId}`, { method: 'DELETE' })).body.error.code).toBe('owner_role');
    expect((await admin.json(`/v1/members/${ownerId}`, { method: 'PATCH', body: { role: 'viewer' } })).body.error.code).toBe('owner_role');
    expect((await admin.json(`/v1/members/${viewerId}`, { method: 'PATCH', body: { role: 'owner' } })).body.error.code).toBe('owner_role');
    expect((await admin.json('/v1/project/visibility', { method: 'PUT', body: { hiddenSections: ['pages'] } })).body.error.code).toBe('owner_role');
    // Keys belong to the site and its admins make them.
    expect((await admin.json('/v1/keys/read', { method: 'POST' })).status).toBe(201);

    const changed = await admin.json(`/v1/members/${viewerId}`, { method: 'PATCH', body: { role: 'admin' } });
    expect(changed).toMatchObject({ status: 200, body: { accountId: viewerId, role: 'admin' } });
    expect((await admin.call(`/v1/members/${viewerId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await viewer.json('/v1/stats/overview')).body.error.code).toBe('not_a_member');

    const lastOwner = await owner.json(`/v1/members/${ownerId}`, { method: 'PATCH', body: { role: 'admin' } });
    expect(lastOwner).toMatchObject({ status: 409, body: { error: { code: 'last_owner' } } });
    expect((await owner.json(`/v1/members/${ownerId}`, { method: 'DELETE' })).body.error.code).toBe('last_owner');
    const byKey = await api(svc.url, site.apiKey)(`/v1/members/${ownerId}`, { method: 'DELETE' });
    expect(byKey.status).toBe(409);
    expect((await owner.json('/v1/account')).body.sites[0].role).toBe('owner');
  });

  it('sections an owner hides answer 403 section_hidden to viewers and shared links, and the dashboard call leaves them out', async () => {
    const viewer = await invited('viewer');
    const made = await (await api(svc.url, site.apiKey)('/v1/shared-links', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ label: 'Hidden' }) })).json();
    const link = async (path: string) => {
      const res = await api(svc.url, made.token)(path);
      return { status: res.status, body: await res.json() };
    };
    const linkDash = await link('/v1/stats/dashboard');
    expect(Object.keys(linkDash.body.breakdowns)).toContain('visit:country');
    expect((await link('/v1/stats/countries')).status).toBe(200);
    const set = await owner.json('/v1/project/visibility', { method: 'PUT', body: { hiddenSections: ['sessions', 'locations'] } });
    expect(set).toMatchObject({ status: 200, body: { hiddenSections: ['locations', 'sessions'] } });
    expect((await viewer.json('/v1/account')).body.sites[0].hiddenSections).toEqual(['locations', 'sessions']);
    for (const path of ['/v1/sessions', '/v1/stats/countries', '/v1/stats/regions', '/v1/stats/breakdown?property=visit:city',
      `/v1/stats/pages?filters=${encodeURIComponent(JSON.stringify([['is', 'visit:country', ['DE']]]))}`]) {
      const res = await viewer.json(path);
      expect([res.status, res.body.error?.code], path).toEqual([403, 'section_hidden']);
    }
    // A shared link is a viewer: the same routes (the sessions route is never a link's), read as the owner sets them now.
    for (const path of ['/v1/stats/countries', '/v1/stats/regions', '/v1/stats/breakdown?property=visit:city',
      `/v1/stats/pages?filters=${encodeURIComponent(JSON.stringify([['is', 'visit:country', ['DE']]]))}`]) {
      const res = await link(path);
      expect([res.status, res.body.error?.code], `link ${path}`).toEqual([403, 'section_hidden']);
    }
    expect((await link('/v1/stats/pages')).status).toBe(200);
    const shown = await link('/v1/project');
    expect(shown.body).toMatchObject({ id: site.project.id, hiddenSections: ['locations', 'sessions'] });
    expect(Object.keys(shown.body)).not.toContain('keyPrefix');
    const dash = await viewer.json('/v1/stats/dashboard');
    expect(dash.status).toBe(200);
    expect(Object.keys(dash.body.breakdowns)).toContain('event:page');
    expect(Object.keys(dash.body.breakdowns)).not.toContain('visit:country');
    const cut = await link('/v1/stats/dashboard');
    expect(Object.keys(cut.body.breakdowns)).toContain('event:page');
    expect(Object.keys(cut.body.breakdowns)).not.toContain('visit:country');
    const full = await owner.json('/v1/stats/dashboard');
    expect(full.body.breakdowns['visit:country'].length).toBe(2);
    expect((await owner.call('/v1/sessions')).status).toBe(200);
    await owner.json('/v1/project/visibility', { method: 'PUT', body: { hiddenSections: [] } });
    expect((await viewer.call('/v1/sessions')).status).toBe(200);
    expect((await link('/v1/stats/countries')).status).toBe(200);
  });

  it('sign-in is rate-limited per account and per address, before any password is checked', async () => {
    const email = (await owner.json('/v1/account')).body.account.email;
    // Every attempt in one counting window, however long the test takes.
    const fixed = Date.now();
    accountClock.now = () => fixed;
    try {
      await rateLimited(email);
    } finally {
      accountClock.now = () => Date.now();
    }
  });

  async function rateLimited(email: string) {
    const guesser = new Person(svc.url, nextAddress());
    for (let i = 0; i < 5; i++) {
      const res = await guesser.json('/v1/account/sign-in', { body: { email, password: `wrong guess ${i}` } });
      expect(res).toMatchObject({ status: 401, body: { error: { code: 'invalid_credentials' } } });
    }
    const locked = await guesser.call('/v1/account/sign-in', { body: { email, password: PASSWORD } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // From another address too: the account's window is full.
    expect((await new Person(svc.url, nextAddress()).call('/v1/account/sign-in', { body: { email: email.toUpperCase(), password: PASSWORD } })).status).toBe(429);

    const sprayer = new Person(svc.url, nextAddress());
    for (let i = 0; i < 8; i++) {
      expect((await sprayer.call('/v1/account/sign-in', { body: { email: `nobody-${i}-${randomUUID()}@example.com`, password: 'some password' } })).status).toBe(401);
    }
    expect((await sprayer.call('/v1/account/sign-in', { body: { email: `nobody-${randomUUID()}@example.com`, password: 'some password' } })).status).toBe(429);
  }

  it('sessions and invitation links expire (by the service\'s clock, moved on)', async () => {
    const person = await invited('viewer');
    const email = `late-${randomUUID()}@example.com`;
    await owner.call('/v1/invitations', { body: { email, role: 'viewer' } });
    const { token } = linkIn((await smtp.next((m) => (m.to as { text: string }).text === email)).text!, 'invite');
    const now = Date.now();
    try {
      accountClock.now = () => now + 13 * 3600_000;
      expect((await person.call('/v1/account')).status).toBe(401);
      accountClock.now = () => now + 8 * 86400_000;
      expect((await new Person(svc.url).json('/v1/invitations/preview', { body: { token } })).body.error.code).toBe('link_expired');
    } finally {
      accountClock.now = () => Date.now();
    }
    expect((await person.call('/v1/account')).status).toBe(200);
  });

  it('a password reset by a mailed single-use link sets the password and ends the old sessions', async () => {
    const person = await invited('viewer');
    const email = (await person.json('/v1/account')).body.account.email;
    const unknown = await new Person(svc.url, nextAddress()).json('/v1/account/password-reset', { body: { email: `ghost-${randomUUID()}@example.com` } });
    expect(unknown).toMatchObject({ status: 202, body: { accepted: true } });
    expect((await new Person(svc.url, nextAddress()).json('/v1/account/password-reset', { body: { email } })).status).toBe(202);
    const mail = await smtp.next((m) => (m.to as { text: string }).text === email && /reset/i.test(m.subject ?? ''));
    const { link, token } = linkIn(mail.text!, 'reset');
    expect(link.startsWith(`${svc.url}/dashboard#reset=`)).toBe(true);
    const reset = await new Person(svc.url).json('/v1/account/password-reset/complete', { body: { token, password: 'a brand new password' } });
    expect(reset).toMatchObject({ status: 200, body: { passwordSet: true } });
    expect((await person.call('/v1/account')).status).toBe(401);
    const reuse = await new Person(svc.url).json('/v1/account/password-reset/complete', { body: { token, password: 'yet another password' } });
    expect(reuse).toMatchObject({ status: 410, body: { error: { code: 'link_expired' } } });
    const old = new Person(svc.url, nextAddress());
    expect((await old.call('/v1/account/sign-in', { body: { email, password: PASSWORD } })).status).toBe(401);
    expect((await old.call('/v1/account/sign-in', { body: { email, password: 'a brand new password' } })).status).toBe(200);
  });

  it('signing out ends the session on the server', async () => {
    const person = await invited('viewer');
    const copy = person.cookie;
    expect((await person.json('/v1/account/sign-out', { method: 'POST' })).body).toEqual({ signedOut: true });
    expect(person.cookie).toBe('');
    const replay = new Person(svc.url);
    replay.cookie = copy;
    expect((await replay.call('/v1/account')).status).toBe(401);
    // Where anonymous callers are welcome too, a stale cookie still answers 401 rather than acting anonymously.
    const project = { inviteCode: INVITE, name: 'Stale', domains: [uniqueDomain()] };
    const stale = await replay.json('/v1/projects', { body: project });
    expect(stale).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } });
    expect((await replay.json('/v1/invitations/accept', { body: { token: 'in_unknown', password: PASSWORD } })).body.error.code).toBe('unauthorized');
    const wrongKey = await new Person(svc.url).json('/v1/projects', { body: project, headers: { authorization: 'Bearer an_live_not-a-real-key' } });
    expect(wrongKey).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } });
    // The same calls with no cookie at all stay anonymous.
    expect((await new Person(svc.url).call('/v1/projects', { body: project })).status).toBe(201);
    expect((await new Person(svc.url).json('/v1/invitations/accept', { body: { token: 'in_unknown', password: PASSWORD } })).body.error.code).not.toBe('unauthorized');
  });

  it('a shared link with a password answers 403 until unlocked; an expired one 410', async () => {
    const live = api(svc.url, site.apiKey);
    const made = await (await live('/v1/shared-links', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ label: 'Board', password: 'board meeting' }) })).json();
    expect(made).toMatchObject({ passwordProtected: true, expiresAt: null });
    const link = api(svc.url, made.token);
    const locked = await link('/v1/stats/overview');
    expect(locked.status).toBe(403);
    expect((await locked.json()).error.code).toBe('share_link_locked');
    const unlock = (password: string) => link('/v1/shared-links/unlock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password }) });
    const wrong = await unlock('not the password');
    expect([wrong.status, (await wrong.json()).error.code]).toEqual([403, 'wrong_password']);
    const { unlockToken } = await (await unlock('board meeting')).json();
    expect((await link('/v1/stats/overview', { headers: { 'x-share-unlock': unlockToken } })).status).toBe(200);
    // Another link's unlock token opens nothing here.
    const other = await (await live('/v1/shared-links', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: 'other password' }) })).json();
    expect((await api(svc.url, other.token)('/v1/stats/overview', { headers: { 'x-share-unlock': unlockToken } })).status).toBe(403);

    const past = await live('/v1/shared-links', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ expiresAt: '2020-01-01T00:00:00Z' }) });
    expect(past.status).toBe(400);
    const soon = await (await live('/v1/shared-links', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ expiresAt: new Date(Date.now() + 86400_000).toISOString() }) })).json();
    expect((await api(svc.url, soon.token)('/v1/stats/overview')).status).toBe(200);
    // Its expiry passes (set in the table rather than waited for).
    await svc.db('analytics_keys').update({ expires_at: new Date(Date.now() - 1000) }).where({ id: soon.id });
    const expired = await api(svc.url, soon.token)('/v1/stats/overview');
    expect([expired.status, (await expired.json()).error.code]).toEqual([410, 'share_link_expired']);
    const listed = await (await live('/v1/shared-links')).json();
    expect(listed.links.find((l: { id: string }) => l.id === made.id)).toMatchObject({ label: 'Board', passwordProtected: true });
  });

  it('open sign-up answers a clear error for a weak password, a taken email or no email at all', async () => {
    const weak = await new Person(svc.url).json('/v1/account/sign-up', { body: { email: `w-${randomUUID()}@example.com`, password: 'short' } });
    expect(weak).toMatchObject({ status: 400, body: { error: { code: 'weak_password' } } });
    const email = (await owner.json('/v1/account')).body.account.email;
    const taken = await new Person(svc.url).json('/v1/account/sign-up', { body: { email: email.toUpperCase(), password: PASSWORD } });
    expect(taken).toMatchObject({ status: 409, body: { error: { code: 'account_exists' } } });
    const bad = await new Person(svc.url).json('/v1/account/sign-up', { body: { email: 'not an email', password: PASSWORD } });
    expect(bad.status).toBe(400);
  });
});
