import type { Knex } from 'knex';

/** Adds one page view's engagement to its page's tally for the hour. */
export async function addPageEngagement(db: Knex, projectId: string, hour: Date, path: string, scrollDepth: number, engagedMs: number): Promise<void> {
  await db.raw(
    `INSERT INTO analytics_page_engagement AS e (project_id, hour, path, samples, scroll_sum, engaged_ms_sum)
     VALUES (?, ?, ?, 1, ?, ?)
     ON CONFLICT (project_id, path, hour) DO UPDATE SET samples = e.samples + 1,
       scroll_sum = e.scroll_sum + excluded.scroll_sum, engaged_ms_sum = e.engaged_ms_sum + excluded.engaged_ms_sum`,
    [projectId, hour, path, scrollDepth, engagedMs],
  );
}
