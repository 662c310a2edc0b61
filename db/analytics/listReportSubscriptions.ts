import type { Knex } from 'knex';
import { SUBSCRIPTION_COLUMNS, type ReportSubscriptionRow } from './reportSubscriptionRow.ts';

export async function listReportSubscriptions(db: Knex, projectId: string): Promise<ReportSubscriptionRow[]> {
  const { rows } = await db.raw(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM analytics_report_subscriptions WHERE project_id = ? ORDER BY created_at, id`,
    [projectId],
  );
  return rows;
}
