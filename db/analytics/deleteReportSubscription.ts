import type { Knex } from 'knex';

export async function deleteReportSubscription(db: Knex, projectId: string, id: string): Promise<boolean> {
  const n = await db('analytics_report_subscriptions').where({ project_id: projectId, id }).delete();
  return n > 0;
}
