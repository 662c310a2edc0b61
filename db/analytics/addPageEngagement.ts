import type { Knex } from 'knex';

const HOUR = 3600_000;
const DAY = 86400_000;

/** Adds one page view's engagement to its page's tallies for the UTC hour and day of `at`. */
export async function addPageEngagement(db: Knex, projectId: string, at: number, path: string, scrollDepth: number, engagedMs: number): Promise<void> {
  const hour = new Date(Math.floor(at / HOUR) * HOUR);
  const day = new Date(Math.floor(at / DAY) * DAY);
  await db.raw(
    `WITH hourly AS (
       INSERT INTO analytics_page_engagement AS e (project_id, hour, path, samples, scroll_sum, engaged_ms_sum)
       VALUES (:projectId, :hour, :path, 1, :scroll, :ms)
       ON CONFLICT (project_id, path, hour) DO UPDATE SET samples = e.samples + 1,
         scroll_sum = e.scroll_sum + excluded.scroll_sum, engaged_ms_sum = e.engaged_ms_sum + excluded.engaged_ms_sum)
     INSERT INTO analytics_page_engagement_daily AS d (project_id, day, path, samples, scroll_sum, engaged_ms_sum)
     VALUES (:projectId, :day, :path, 1, :scroll, :ms)
     ON CONFLICT (project_id, path, day) DO UPDATE SET samples = d.samples + 1,
       scroll_sum = d.scroll_sum + excluded.scroll_sum, engaged_ms_sum = d.engaged_ms_sum + excluded.engaged_ms_sum`,
    { projectId, hour, day, path, scroll: scrollDepth, ms: engagedMs },
  );
}
