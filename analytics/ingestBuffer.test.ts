import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { testDb } from '../test/support.ts';
import { IngestBuffer } from './ingestBuffer.ts';
import type { NewEvent } from '../db/analytics/eventRow.ts';

function event(projectId: string): NewEvent {
  return {
    projectId, id: randomUUID(), createdAt: new Date().toISOString(), sessionId: randomUUID(), eventType: 'pageview', eventName: null,
    props: null, path: '/', referrerPath: null, targetPath: null, country: null, region: null, regionCode: null, city: null,
    asn: null, asOrganization: null, browser: null, os: null, deviceType: null, isBot: false, botName: null, isVpn: false,
    locale: null, trafficSource: null, utmSource: null, utmMedium: null, utmCampaign: null, userAgent: null, isInternal: false,
    utmTerm: null, utmContent: null, revenueAmount: null, revenueCurrency: null,
  };
}

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
});
