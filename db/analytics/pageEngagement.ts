import type { Knex } from 'knex';

export interface PageEngagementSums {
  path: string;
  samples: number;
  scrollSum: number;
  engagedMsSum: number;
}

/**
 * The engagement sums of the given paths over the hours [from, to) (from rounded down
 * to its hour): the whole UTC days inside from the day tallies, the hours at either
 * edge from the hour tallies, so a 30-day period reads about 30 rows per path, not 720.
 */
export async function pageEngagement(db: Knex, projectId: string, from: Date, to: Date, paths: string[]): Promise<PageEngagementSums[]> {
  if (!paths.length) return [];
  const { rows } = await db.raw(
    `WITH b AS (
       SELECT f, t, CASE WHEN date_trunc('day', f, 'UTC') = f THEN f ELSE date_trunc('day', f, 'UTC') + interval '1 day' END AS d0,
              date_trunc('day', t, 'UTC') AS d1
       FROM (SELECT date_trunc('hour', :from::timestamptz, 'UTC') AS f, :to::timestamptz AS t) x
     ), parts AS (
       SELECT path, samples, scroll_sum, engaged_ms_sum FROM analytics_page_engagement_daily, b
       WHERE project_id = :projectId AND path = ANY(:paths) AND day >= b.d0 AND day < b.d1
       UNION ALL
       SELECT path, samples, scroll_sum, engaged_ms_sum FROM analytics_page_engagement, b
       WHERE project_id = :projectId AND path = ANY(:paths) AND hour >= b.f AND hour < LEAST(b.d0, b.t)
       UNION ALL
       SELECT path, samples, scroll_sum, engaged_ms_sum FROM analytics_page_engagement, b
       WHERE project_id = :projectId AND path = ANY(:paths) AND hour >= GREATEST(b.d0, b.d1, b.f) AND hour < b.t
     )
     SELECT path, sum(samples)::float8 AS samples, sum(scroll_sum)::float8 AS scroll_sum, sum(engaged_ms_sum)::float8 AS engaged_ms_sum
     FROM parts GROUP BY path`,
    { projectId, from, to, paths },
  );
  return rows.map((r: { path: string; samples: number; scroll_sum: number; engaged_ms_sum: number }) => ({
    path: r.path, samples: r.samples, scrollSum: r.scroll_sum, engagedMsSum: r.engaged_ms_sum,
  }));
}
