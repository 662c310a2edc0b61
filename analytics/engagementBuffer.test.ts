import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { testDb } from '../test/support.ts';
import { EngagementBuffer } from './engagementBuffer.ts';

const HOUR = 3600_000;

describe('EngagementBuffer: beacons summed per (project, page, hour) and written in batches', () => {
  let db: Knex;
  const project = async (tag: string): Promise<string> =>
    (await db('analytics_projects').insert({ name: tag, domains: [`${tag}-${randomUUID()}.test`] }).returning('id'))[0].id;
  const tallies = async (table: string, projectId: string) =>
    (await db(table).where({ project_id: projectId }).orderBy(['path', table.endsWith('daily') ? 'day' : 'hour']))
      .map((r: any) => [r.path, new Date(r.hour ?? r.day).toISOString(), r.samples, Number(r.scroll_sum), Number(r.engaged_ms_sum)]);
  beforeAll(async () => { db = await testDb(); });
  afterAll(async () => db?.destroy());

  it('writes nothing until a flush, then the same tallies one write per beacon would have, hours summed into their day', async () => {
    const id = await project('sums');
    const buffer = new EngagementBuffer(db, { intervalMs: 60_000 });
    const t0 = Date.parse('2026-11-27T22:10:00Z');
    buffer.add(id, t0, '/a', 40, 1000);
    buffer.add(id, t0 + 60_000, '/a', 80, 3000);
    buffer.add(id, t0 + HOUR, '/a', 10, 500);
    buffer.add(id, t0 + 2 * HOUR, '/a', 20, 700); // the next UTC day
    buffer.add(id, t0, '/b', 100, 9000);
    expect(buffer.size).toBe(4);
    expect(await tallies('analytics_page_engagement', id)).toEqual([]);
    await buffer.flush();
    expect(buffer.size).toBe(0);
    expect(await tallies('analytics_page_engagement', id)).toEqual([
      ['/a', '2026-11-27T22:00:00.000Z', 2, 120, 4000],
      ['/a', '2026-11-27T23:00:00.000Z', 1, 10, 500],
      ['/a', '2026-11-28T00:00:00.000Z', 1, 20, 700],
      ['/b', '2026-11-27T22:00:00.000Z', 1, 100, 9000],
    ]);
    expect(await tallies('analytics_page_engagement_daily', id)).toEqual([
      ['/a', '2026-11-27T00:00:00.000Z', 3, 130, 4500],
      ['/a', '2026-11-28T00:00:00.000Z', 1, 20, 700],
      ['/b', '2026-11-27T00:00:00.000Z', 1, 100, 9000],
    ]);
    // A later batch adds to the rows already there.
    buffer.add(id, t0, '/b', 50, 1000);
    await buffer.stop();
    expect((await tallies('analytics_page_engagement', id)).at(-1)).toEqual(['/b', '2026-11-27T22:00:00.000Z', 2, 150, 10000]);
    expect((await tallies('analytics_page_engagement_daily', id)).at(-1)).toEqual(['/b', '2026-11-27T00:00:00.000Z', 2, 150, 10000]);
  });

  it('stop() writes what was acknowledged; a batch size flushes without waiting for the interval', async () => {
    const id = await project('stop');
    const buffer = new EngagementBuffer(db, { intervalMs: 60_000, maxBatch: 3 });
    buffer.start();
    const at = Date.parse('2026-11-27T10:00:00Z');
    for (const path of ['/1', '/2', '/3']) buffer.add(id, at, path, 50, 100);
    // The third sum reached the batch size: written without a flush asked for, long before the interval.
    for (const end = Date.now() + 15_000; (await tallies('analytics_page_engagement', id)).length < 3;) {
      if (Date.now() > end) throw new Error('the batch size did not flush');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(buffer.size).toBe(0);
    buffer.add(id, at, '/4', 50, 100);
    await buffer.stop();
    expect((await tallies('analytics_page_engagement', id)).map((r) => r[0])).toEqual(['/1', '/2', '/3', '/4']);
  });

  it('a sum PostgreSQL refuses (its project gone) is dropped alone; the others in its batch are written', async () => {
    const id = await project('kept');
    const buffer = new EngagementBuffer(db, { intervalMs: 60_000 });
    const at = Date.parse('2026-11-27T10:00:00Z');
    buffer.add(id, at, '/x', 30, 100);
    buffer.add(randomUUID(), at, '/x', 30, 100);
    buffer.add(id, at, '/y', 60, 200);
    await buffer.stop();
    expect(await tallies('analytics_page_engagement', id)).toEqual([
      ['/x', '2026-11-27T10:00:00.000Z', 1, 30, 100],
      ['/y', '2026-11-27T10:00:00.000Z', 1, 60, 200],
    ]);
  });
});
