import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { testDb } from '../test/support.ts';
import { REPORT_SENDS_KEPT_DAYS, runRetention } from './retention.ts';

const DAY = 86_400_000;

describe('retention of sent reports\' claims', () => {
  let db: Knex;
  beforeAll(async () => { db = await testDb(); });
  afterAll(async () => db?.destroy());

  it(`deletes claims sent more than ${REPORT_SENDS_KEPT_DAYS} days before the job's clock and keeps the rest`, async () => {
    const [{ id: projectId }] = await db('analytics_projects').insert({ name: 'reports', domains: [`reports-${randomUUID()}.test`] }).returning('id');
    const [{ id: subscriptionId }] = await db('analytics_report_subscriptions').insert({ project_id: projectId, email: `r-${randomUUID()}@example.com`, weekly: true }).returning('id');
    // The job's clock is far from the database's: only the injected one decides.
    const now = new Date('2031-03-01T03:15:00Z');
    const ages = { ancient: 900, justOver: REPORT_SENDS_KEPT_DAYS + 1, justUnder: REPORT_SENDS_KEPT_DAYS - 1, recent: 7 };
    for (const [label, days] of Object.entries(ages)) {
      const sentAt = new Date(now.getTime() - days * DAY);
      await db('analytics_report_sends').insert({
        subscription_id: subscriptionId, kind: 'weekly', period_start: new Date(sentAt.getTime() - 7 * DAY), sent_at: sentAt, token_hash: Buffer.concat([Buffer.from(label), randomBytes(16)]),
      });
    }
    const result = await runRetention(db, now);
    expect(result.reportSends).toBeGreaterThanOrEqual(2);
    const left = (await db('analytics_report_sends').where({ subscription_id: subscriptionId }).orderBy('sent_at').pluck('sent_at')).map((d: Date) => Math.round((now.getTime() - d.getTime()) / DAY));
    expect(left).toEqual([ages.justUnder, ages.recent]);
    // Run again on the same clock: nothing more goes.
    await runRetention(db, now);
    expect(await db('analytics_report_sends').where({ subscription_id: subscriptionId }).count({ n: '*' })).toEqual([{ n: '2' }]);
  });
});
