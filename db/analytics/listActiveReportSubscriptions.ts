import type { Knex } from 'knex';
import { SUBSCRIPTION_COLUMNS, type ReportSubscriptionRow } from './reportSubscriptionRow.ts';

/** Every subscription that receives something, with its project's name. */
export async function listActiveReportSubscriptions(db: Knex): Promise<(ReportSubscriptionRow & { project_name: string })[]> {
  const { rows } = await db.raw(
    `SELECT ${SUBSCRIPTION_COLUMNS.split(', ').map((c) => `s.${c}`).join(', ')}, p.name AS project_name
     FROM analytics_report_subscriptions s JOIN analytics_projects p ON p.id = s.project_id
     WHERE s.weekly OR s.monthly OR s.spike_visitors IS NOT NULL
     ORDER BY s.project_id, s.id`,
  );
  return rows;
}
