import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { testDb } from '../test/support.ts';
import { IngestBuffer } from './ingestBuffer.ts';
import { insertLiveEvents } from '../db/analytics/insertEvents.ts';
import { addDailyCounts } from '../db/analytics/addDailyCounts.ts';
import { ingestDropped } from '../metrics/index.ts';
import { utcDay } from './sessions.ts';
import { newEvent as event } from '../test/fixtures/analyticsEvent.ts';

describe('IngestBuffer.offerNow, the synchronous hot path', () => {
  let db: Knex;
  let projectId: string;
  beforeAll(async () => {
    db = await testDb();
    [{ id: projectId }] = await db('analytics_projects').insert({ name: 'buffer', domains: [`buffer-${randomUUID()}.test`] }).returning('id');
  });
  afterAll(async () => db?.destroy());

  it('answers only from a known count, and counts exactly like offer() against the cap', async () => {
    const buffer = new IngestBuffer(db, { intervalMs: 10_000 });
    // Nothing known yet: nothing is queued, the caller must use offer().
    expect(buffer.offerNow(event(projectId), 5)).toBeUndefined();
    expect(buffer.size).toBe(0);
    expect(await buffer.offer(event(projectId), 5)).toBe(true);
    // The count read by offer() is now in memory.
    const verdicts = [1, 2, 3, 4, 5].map(() => buffer.offerNow(event(projectId), 5));
    expect(verdicts).toEqual([true, true, true, true, false]);
    expect(await buffer.offer(event(projectId), 5)).toBe(false);
    expect(buffer.size).toBe(5);
    await buffer.flush();
    // After the flush the counter written with the batch is what memory holds.
    expect(buffer.offerNow(event(projectId), 5)).toBe(false);
    expect(buffer.offerNow(event(projectId), 6)).toBe(true);
    await buffer.stop();
    const [{ n }] = await db('analytics_events').where({ project_id: projectId }).count({ n: '*' });
    expect(Number(n)).toBe(6);
    expect(Number((await db('analytics_daily_counts').where({ project_id: projectId }).first('count')).count)).toBe(6);
  });

  it('a batch with a row PostgreSQL refuses still stores every other row, counted once', async () => {
    const [{ id: project }] = await db('analytics_projects').insert({ name: 'bad row', domains: [`bad-${randomUUID()}.test`] }).returning('id');
    const buffer = new IngestBuffer(db, { intervalMs: 10_000 });
    const dropped = (await ingestDropped.get()).values[0]?.value ?? 0;
    const first = event(project);
    expect(await buffer.offer(first, 1000)).toBe(true);
    const events = Array.from({ length: 40 }, () => event(project));
    // Nothing the contract lets through can do these; they stand for any row that cannot be
    // stored: one refused while the batch is encoded, one by PostgreSQL itself (NOT NULL).
    events[23] = { ...events[23]!, createdAt: 'not a time' };
    events[31] = { ...events[31]!, path: null as unknown as string };
    for (const e of events) expect(buffer.offerNow(e, 1000)).toBe(true);
    await buffer.stop();
    const stored = await db('analytics_events').where({ project_id: project }).pluck('id');
    expect(stored.sort()).toEqual([first, ...events.filter((_, i) => i !== 23 && i !== 31)].map((e) => e.id).sort());
    expect((await ingestDropped.get()).values[0]?.value).toBe(dropped + 2);
    // The day's counter holds what was stored, and sessions hold every stored event.
    expect(Number((await db('analytics_daily_counts').where({ project_id: project }).first('count')).count)).toBe(39);
    const [{ pv }] = await db('analytics_sessions').where({ project_id: project }).sum({ pv: 'pageviews' });
    expect(Number(pv)).toBe(39);
  });

  it('a batch replayed after its commit was answered by a lost connection is stored and counted once', async () => {
    const [{ id: project }] = await db('analytics_projects').insert({ name: 'replay', domains: [`replay-${randomUUID()}.test`] }).returning('id');
    const events = Array.from({ length: 10 }, () => event(project));
    // The first attempt committed 6 of them (and their count) before the answer was lost.
    await db.transaction(async (trx) => {
      await insertLiveEvents(trx, events.slice(0, 6));
      await addDailyCounts(trx, utcDay(), new Map([[project, 6]]));
    });
    const buffer = new IngestBuffer(db, { intervalMs: 10_000 });
    for (const e of events) expect(await buffer.offer(e, 1000)).toBe(true);
    await buffer.stop();
    const [{ n }] = await db('analytics_events').where({ project_id: project }).count({ n: '*' });
    expect(Number(n)).toBe(10);
    expect(Number((await db('analytics_daily_counts').where({ project_id: project }).first('count')).count)).toBe(10);
    const [{ pv }] = await db('analytics_sessions').where({ project_id: project }).sum({ pv: 'pageviews' });
    expect(Number(pv)).toBe(10);
  });
});
