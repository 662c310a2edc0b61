import type { Knex } from 'knex';

export interface PageEngagementSums {
  path: string;
  samples: number;
  scrollSum: number;
  engagedMsSum: number;
}

/** The engagement sums of the given paths over the hours [from, to) (from rounded down to its hour). */
export async function pageEngagement(db: Knex, projectId: string, from: Date, to: Date, paths: string[]): Promise<PageEngagementSums[]> {
  if (!paths.length) return [];
  const { rows } = await db.raw(
    `SELECT path, sum(samples)::float8 AS samples, sum(scroll_sum)::float8 AS scroll_sum, sum(engaged_ms_sum)::float8 AS engaged_ms_sum
     FROM analytics_page_engagement
     WHERE project_id = ? AND hour >= date_trunc('hour', ?::timestamptz, 'UTC') AND hour < ? AND path = ANY(?)
     GROUP BY path`,
    [projectId, from, to, paths],
  );
  return rows.map((r: { path: string; samples: number; scroll_sum: number; engaged_ms_sum: number }) => ({
    path: r.path, samples: r.samples, scrollSum: r.scroll_sum, engagedMsSum: r.engaged_ms_sum,
  }));
}
