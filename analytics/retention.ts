import type { Knex } from 'knex';
import type { PgBoss } from 'pg-boss';
import { listRetentionPolicies } from '../db/analytics/listRetentionPolicies.ts';
import { deleteExpiredData } from '../db/analytics/deleteExpiredData.ts';
import { deleteStaleCounters } from '../db/analytics/deleteStaleCounters.ts';
import { deleteExpiredEngagement } from '../db/analytics/deleteExpiredEngagement.ts';
import { deleteExpiredTallies } from '../db/analytics/deleteExpiredTallies.ts';
import { deleteOldReportSends } from '../db/analytics/deleteOldReportSends.ts';
import { utcDay } from './sessions.ts';
import { scheduleRecurring } from '../jobs/recurring.ts';

export const RETENTION_JOB = 'analytics-retention';

/**
 * How long a sent report's claim row is kept. A claim only guards its own period,
 * which the scheduler never comes back to; the row also resolves the unsubscribe
 * link of its mail, so a link in a mail older than this answers as unknown.
 */
export const REPORT_SENDS_KEPT_DAYS = 400;

/** Deletes every project's events older than its retentionDays, counters and salts past use, and old report claims. */
export async function runRetention(db: Knex, now = new Date()) {
  let events = 0;
  let sessions = 0;
  for (const p of await listRetentionPolicies(db)) {
    const cutoff = new Date(now.getTime() - p.retention_days * 86_400_000);
    const deleted = await deleteExpiredData(db, p.id, cutoff);
    await deleteExpiredEngagement(db, p.id, cutoff);
    // A day the cutoff cuts goes too: its tally counted what was just deleted.
    await deleteExpiredTallies(db, p.id, cutoff);
    events += deleted.events;
    sessions += deleted.sessions;
  }
  await deleteStaleCounters(db, utcDay(now));
  const reportSends = await deleteOldReportSends(db, new Date(now.getTime() - REPORT_SENDS_KEPT_DAYS * 86_400_000));
  return { events, sessions, reportSends };
}

/** Nightly at 03:15 UTC; pg-boss makes sure one process runs it, whatever the number of replicas. */
export async function scheduleRetention(boss: PgBoss, db: Knex): Promise<void> {
  await scheduleRecurring(boss, RETENTION_JOB, '15 3 * * *', () => runRetention(db));
}
