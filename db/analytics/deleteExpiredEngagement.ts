import type { Knex } from 'knex';

/** A project's engagement tallies older than its retention (whole hours and days before the cutoff). */
export async function deleteExpiredEngagement(db: Knex, projectId: string, cutoff: Date): Promise<void> {
  await db.raw('DELETE FROM analytics_page_engagement WHERE project_id = ? AND hour < ?', [projectId, cutoff]);
  await db.raw(`DELETE FROM analytics_page_engagement_daily WHERE project_id = ? AND day < date_trunc('day', ?::timestamptz, 'UTC')`, [projectId, cutoff]);
}
