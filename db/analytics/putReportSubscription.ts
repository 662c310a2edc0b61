import type { Knex } from 'knex';
import { SUBSCRIPTION_COLUMNS, type ReportSubscriptionRow } from './reportSubscriptionRow.ts';

export interface SubscriptionSettings {
  email: string;
  weekly: boolean;
  monthly: boolean;
  spikeVisitors: number | null;
  timeZone: string;
  sendHour: number;
}

/**
 * Creates the (project, email) subscription or replaces its settings; null when it is
 * new and the project has `limit` already. `created` tells the two apart (xmax is 0
 * only for a row this statement inserted).
 */
export async function putReportSubscription(db: Knex, projectId: string, s: SubscriptionSettings, limit: number): Promise<(ReportSubscriptionRow & { created: boolean }) | null> {
  const { rows } = await db.raw(
    `INSERT INTO analytics_report_subscriptions AS r (project_id, email, weekly, monthly, spike_visitors, time_zone, send_hour)
     SELECT :projectId, :email, :weekly, :monthly, :spike, :tz, :hour
     WHERE EXISTS (SELECT 1 FROM analytics_report_subscriptions WHERE project_id = :projectId AND email = :email)
        OR (SELECT count(*) FROM analytics_report_subscriptions WHERE project_id = :projectId) < :limit
     ON CONFLICT (project_id, email) DO UPDATE SET weekly = excluded.weekly, monthly = excluded.monthly,
       spike_visitors = excluded.spike_visitors, time_zone = excluded.time_zone, send_hour = excluded.send_hour
     RETURNING ${SUBSCRIPTION_COLUMNS}, (xmax = 0) AS created`,
    { projectId, email: s.email, weekly: s.weekly, monthly: s.monthly, spike: s.spikeVisitors, tz: s.timeZone, hour: s.sendHour, limit },
  );
  return rows[0] ?? null;
}
