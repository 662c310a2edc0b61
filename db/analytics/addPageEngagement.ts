import type { Knex } from 'knex';

const HOUR = 3600_000;
const DAY = 86400_000;

/** Engagement summed over one page's page views in one UTC hour. */
export interface EngagementSums {
  projectId: string;
  /** Start of the UTC hour (ms). */
  hour: number;
  path: string;
  samples: number;
  scrollSum: number;
  engagedMsSum: number;
}

/**
 * Adds sums to their pages' tallies for their UTC hour and day, one row of each
 * table per (project, page, hour|day): an upsert may touch a row once per statement,
 * so the hours of one day are summed again here. Rows are written in key order, so
 * two processes flushing the same pages wait for one another instead of deadlocking.
 */
export async function addPageEngagement(db: Knex, sums: EngagementSums[]): Promise<void> {
  if (sums.length === 0) return;
  const days = new Map<string, EngagementSums>();
  for (const s of sums) {
    const day = Math.floor(s.hour / DAY) * DAY;
    const key = `${s.projectId}\n${s.path}\n${day}`;
    const d = days.get(key);
    if (d) {
      d.samples += s.samples;
      d.scrollSum += s.scrollSum;
      d.engagedMsSum += s.engagedMsSum;
    } else days.set(key, { ...s, hour: day });
  }
  const byKey = (a: EngagementSums, b: EngagementSums) => (a.projectId < b.projectId ? -1 : a.projectId > b.projectId ? 1 : a.path < b.path ? -1 : a.path > b.path ? 1 : a.hour - b.hour);
  const columns = (rows: EngagementSums[]) => [
    rows.map((r) => r.projectId),
    rows.map((r) => new Date(Math.floor(r.hour / HOUR) * HOUR)),
    rows.map((r) => r.path),
    rows.map((r) => r.samples),
    rows.map((r) => r.scrollSum),
    rows.map((r) => r.engagedMsSum),
  ];
  const hourly = [...sums].sort(byKey);
  const daily = [...days.values()].sort(byKey);
  await db.raw(
    `WITH hourly AS (
       INSERT INTO analytics_page_engagement AS e (project_id, hour, path, samples, scroll_sum, engaged_ms_sum)
       SELECT p, h, path, n, s, m FROM unnest(?::uuid[], ?::timestamptz[], ?::text[], ?::int[], ?::bigint[], ?::bigint[]) WITH ORDINALITY AS u(p, h, path, n, s, m, i)
         ORDER BY i
       ON CONFLICT (project_id, path, hour) DO UPDATE SET samples = e.samples + excluded.samples,
         scroll_sum = e.scroll_sum + excluded.scroll_sum, engaged_ms_sum = e.engaged_ms_sum + excluded.engaged_ms_sum)
     INSERT INTO analytics_page_engagement_daily AS d (project_id, day, path, samples, scroll_sum, engaged_ms_sum)
     SELECT p, h, path, n, s, m FROM unnest(?::uuid[], ?::timestamptz[], ?::text[], ?::int[], ?::bigint[], ?::bigint[]) WITH ORDINALITY AS u(p, h, path, n, s, m, i)
       ORDER BY i
     ON CONFLICT (project_id, path, day) DO UPDATE SET samples = d.samples + excluded.samples,
       scroll_sum = d.scroll_sum + excluded.scroll_sum, engaged_ms_sum = d.engaged_ms_sum + excluded.engaged_ms_sum`,
    [...columns(hourly), ...columns(daily)],
  );
}
