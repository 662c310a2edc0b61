import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, startAnalytics, type Created } from './testing.ts';

// A list that says there is more must let you reach it: past the 9,999 offset cap, by cursor.
const SESSIONS = 15_000;

describe('sessions list: hasMore always reachable', () => {
  let svc: Awaited<ReturnType<typeof startAnalytics>>;
  let p: Created;
  let get: (path: string) => Promise<any>;
  const start = Date.now() - 2 * 86400_000;
  const importSessions = async (n: number, from: number, step = 10_000) => {
    const events = Array.from({ length: n }, (_, i) => ({ createdAt: new Date(from + i * step).toISOString(), sessionId: randomUUID(), eventType: 'pageview', path: `/${i}` }));
    for (let i = 0; i < events.length; i += 5000) {
      const res = await api(svc.url, p.apiKey)('/v1/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events: events.slice(i, i + 5000) }) });
      expect((await res.json()).inserted).toBe(Math.min(5000, events.length - i));
    }
  };

  beforeAll(async () => {
    svc = await startAnalytics();
    p = await createProject(svc.url);
    get = async (path) => {
      const res = await api(svc.url, p.apiKey)(path);
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    await importSessions(SESSIONS, start);
  }, 60_000);
  afterAll(async () => svc?.close());

  it('past offset 9,999 by nextCursor, every session once, in order', { timeout: 60_000 }, async () => {
    const deep = await get('/v1/sessions?offset=9999&limit=1');
    expect(deep).toMatchObject({ offset: 9999, hasMore: true, nextCursor: expect.any(String) });
    const beyond = await get(`/v1/sessions?limit=200&cursor=${deep.nextCursor}`);
    expect(beyond.sessions).toHaveLength(200);
    // Most recently active first: the oldest imported session is the last of all.
    expect(beyond.sessions[0].entryPath).toBe(`/${SESSIONS - 10_001}`);

    const seen: string[] = [];
    let page = await get('/v1/sessions?limit=200');
    seen.push(...page.sessions.map((s: any) => s.entryPath));
    while (page.hasMore) {
      expect(page.nextCursor).toEqual(expect.any(String));
      page = await get(`/v1/sessions?limit=200&cursor=${page.nextCursor}`);
      seen.push(...page.sessions.map((s: any) => s.entryPath));
    }
    expect(page.nextCursor).toBeNull();
    expect(seen).toEqual(Array.from({ length: SESSIONS }, (_, i) => `/${SESSIONS - 1 - i}`));
  });

  it('a cursor holds its place while sessions are added before it', async () => {
    const first = await get('/v1/sessions?limit=50');
    const expected = (await get('/v1/sessions?limit=100')).sessions.slice(50).map((s: any) => s.id);
    // Newer sessions than any listed: an offset would now shift by them, a cursor does not.
    await importSessions(30, Date.now() - 60_000, 1000);
    const second = await get(`/v1/sessions?limit=50&cursor=${first.nextCursor}`);
    expect(second.sessions.map((s: any) => s.id)).toEqual(expected);
    expect((await get('/v1/sessions?limit=50&offset=50')).sessions.map((s: any) => s.id)).not.toEqual(expected);
  });

  it('refuses a cursor it did not issue, and a cursor with an offset', async () => {
    const { nextCursor } = await get('/v1/sessions?limit=1');
    const forged = Buffer.from(JSON.stringify(['x', 'y'])).toString('base64url');
    for (const q of [`cursor=${forged}`, 'cursor=abc', `cursor=${nextCursor}&offset=5`]) {
      const res = await api(svc.url, p.apiKey)(`/v1/sessions?${q}`);
      expect(res.status, q).toBe(400);
      expect((await res.json()).error.code, q).toBe('bad_request');
    }
    expect((await get(`/v1/sessions?limit=1&cursor=${nextCursor}&offset=0`)).sessions).toHaveLength(1);
  });
});
