import type { Knex } from 'knex';
import type { GoalRow } from './listGoals.ts';

/** Adds a goal unless the project has `limit` already or the same one exists; null then. */
export async function insertGoal(db: Knex, projectId: string, g: { event: string | null; page: string | null; displayName: string }, limit: number): Promise<GoalRow | null> {
  const { rows } = await db.raw(
    `INSERT INTO analytics_goals (project_id, event_name, page_path, display_name)
     SELECT ?, ?, ?, ?
     WHERE (SELECT count(*) FROM analytics_goals WHERE project_id = ?) < ?
       AND NOT EXISTS (SELECT 1 FROM analytics_goals WHERE project_id = ? AND event_name IS NOT DISTINCT FROM ? AND page_path IS NOT DISTINCT FROM ?)
     RETURNING id, event_name, page_path, display_name, created_at`,
    [projectId, g.event, g.page, g.displayName, projectId, limit, projectId, g.event, g.page],
  );
  return rows[0] ?? null;
}
