import type { Knex } from 'knex';

export async function getDailyCount(db: Knex, projectId: string, day: string): Promise<number> {
  const row = await db('analytics_daily_counts').where({ project_id: projectId, day }).first('count');
  return row ? Number(row.count) : 0;
}
