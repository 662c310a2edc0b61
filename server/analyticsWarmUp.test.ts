// The analytics warm-up (server/analyticsWarmUp.ts): before an analytics
// process says ready it answers the dashboard's questions once, for the most
// recently active project or, on a fresh install, for none. Readiness answers
// 503 while they run and 200 after; they ingest and count nothing; and a
// question that takes long does not hold ready back past the budget.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Knex } from 'knex';
import { startService, type RunningService } from './service.ts';
import { freePort } from './database.ts';
import { SegmentStore } from '../analytics/query/store.ts';
import { capturingLogger, databaseUrl, testDb } from '../test/support.ts';
import { beacon, createProject, INVITE } from '../analytics/testing.ts';

let db: Knex;
const logged = capturingLogger('warn');
// What the warm-up logs when a question fails (readiness probes answered 503 are logged too: not its).
const warmUpLines = () => logged.lines.filter((l) => /warm-up/.test(String(l.msg)));

beforeAll(async () => {
  db = await testDb();
});

afterAll(async () => {
  await db?.destroy();
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function start(o: { port: number; warmUp: boolean; budgetMs?: number }): Promise<RunningService> {
  return startService({
    db,
    databaseUrl: await databaseUrl(),
    services: ['analytics'],
    gatewayPort: 0,
    analyticsPort: o.port,
    host: '127.0.0.1',
    env: { ...process.env, ANALYTICS_INVITE_CODES: INVITE, ANALYTICS_FLUSH_MS: '20', ANALYTICS_RETENTION_JOB: 'off', ANALYTICS_REPORTS_JOB: 'off', ANALYTICS_QUERY_WARM_DAYS: '0' },
    log: logged.log,
    warmUp: o.warmUp,
    warmUpCalls: 0,
    ...(o.budgetMs !== undefined ? { analyticsWarmUpMs: o.budgetMs } : {}),
  });
}

/**
 * The projects the warm-up's questions ask about, each question's first step
 * (the store's versions of the period). The first question waits for `hold`
 * before going on: whatever the test does meanwhile happens while the warm-up runs.
 */
function watchQuestions(hold: () => Promise<unknown>) {
  const original = SegmentStore.prototype.versions;
  const asked: string[] = [];
  vi.spyOn(SegmentStore.prototype, 'versions').mockImplementation(async function (this: SegmentStore, ...args: Parameters<SegmentStore['versions']>) {
    asked.push(args[0]);
    if (asked.length === 1) await hold();
    return original.apply(this, args);
  });
  return asked;
}

/** Rows of every analytics table but the stored tallies (which questions may write: that is what they are for). */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = (await db.raw(`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name LIKE 'analytics\\_%' AND table_name <> 'analytics_stored_tallies' ORDER BY 1`)).rows as { table_name: string }[];
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) counts[table_name] = Number((await db.raw(`SELECT count(*) AS n FROM "${table_name}"`)).rows[0].n);
  return counts;
}

async function tallies(): Promise<number> {
  return Number((await db.raw('SELECT count(*) AS n FROM analytics_stored_tallies')).rows[0].n);
}

const readyStatus = (url: string) => fetch(`${url}/v1/ready`).then(async (res) => (await res.arrayBuffer(), res.status), () => 0);

describe('a fresh install: no project at all', () => {
  let service: RunningService;
  let url: string;
  let during: Promise<number>;
  let asked: string[];
  let before: Record<string, number>;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    before = await rowCounts();
    asked = watchQuestions(() => (during = readyStatus(url)));
    service = await start({ port, warmUp: true });
  }, 60_000);

  afterAll(async () => {
    await service?.stop(1_000);
  });

  it('answers readiness 503 while the questions run, and 200 after', async () => {
    expect(await during).toBe(503);
    expect(await readyStatus(url)).toBe(200);
  });

  it('asks the questions of a project no one has, all of them before ready', () => {
    expect(new Set(asked)).toEqual(new Set(['00000000-0000-0000-0000-000000000000']));
    expect(service.analyticsWarmUpReport).toMatchObject({ projects: 1, finished: true, answered: 9 });
  });

  it('leaves nothing behind: no row anywhere, not even a stored tally', async () => {
    expect(await rowCounts()).toEqual(before);
    expect(await tallies()).toBe(0);
    expect(warmUpLines()).toEqual([]);
  });
});

describe('a process that warms up after another has ingested events', () => {
  let projectId: string;
  let apiKey: string;
  let service: RunningService;
  let url: string;
  let during: Promise<number>;
  let asked: string[];
  let before: Record<string, number>;

  beforeAll(async () => {
    // The first process (no warm-up) takes a few pageviews and writes them down.
    const firstPort = await freePort();
    const first = await start({ port: firstPort, warmUp: false });
    try {
      const firstUrl = `http://127.0.0.1:${firstPort}`;
      const p = await createProject(firstUrl);
      projectId = p.project.id;
      apiKey = p.apiKey;
      for (const [i, path] of ['/', '/docs', '/pricing'].entries()) {
        expect((await beacon(firstUrl, { projectId, type: 'pageview', url: `https://${p.project.domains[0]}${path}` }, { ip: `203.0.113.${i + 1}` })).status).toBe(202);
      }
    } finally {
      // Stopping flushes the ingest buffer: the events and their segment are written.
      await first.stop(1_000);
    }
    expect(Number((await db('analytics_segments').where({ project_id: projectId }).count({ n: '*' }))[0]!.n)).toBeGreaterThan(0);
    before = await rowCounts();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    asked = watchQuestions(() => (during = readyStatus(url)));
    service = await start({ port, warmUp: true });
  }, 60_000);

  afterAll(async () => {
    await service?.stop(1_000);
  });

  it('answers readiness 503 while the questions run, and 200 after', async () => {
    expect(await during).toBe(503);
    expect(await readyStatus(url)).toBe(200);
  });

  it('asks about the recently active project', () => {
    expect(new Set(asked)).toEqual(new Set([projectId]));
    expect(service.analyticsWarmUpReport).toMatchObject({ projects: 1, finished: true, answered: 9 });
  });

  it('ingests and counts nothing; what it may write is stored tallies', async () => {
    expect(await rowCounts()).toEqual(before);
    expect(warmUpLines()).toEqual([]);
  });

  it('answers the same figures a caller then asks for', async () => {
    const res = await fetch(`${url}/v1/stats/overview?window=30d`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { pageviews: number };
    expect(body.pageviews).toBe(3);
  });
});

describe('a question that takes longer than the budget', () => {
  it('does not hold ready back: the process says ready, and the question finishes after', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked = watchQuestions(() => held);
    const service = await start({ port, warmUp: true, budgetMs: 50 });
    try {
      // The first question is still held: startService returned on the budget, not on the answers.
      expect(service.analyticsWarmUpReport).toMatchObject({ finished: false, answered: 0 });
      expect(await readyStatus(url)).toBe(200);
      release();
      await service.deps.analyticsWarming;
      // All nine questions went on in the background (each asks the store's versions at least once).
      expect(asked.length).toBeGreaterThanOrEqual(9);
    } finally {
      release();
      await service.stop(1_000);
    }
  });
});
