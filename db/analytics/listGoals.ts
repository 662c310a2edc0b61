import type { Knex } from 'knex';

export interface GoalRow {
  id: string;
  event_name: string | null;
  page_path: string | null;
  display_name: string;
  created_at: Date;
}

export async function listGoals(db: Knex, projectId: string): Promise<GoalRow[]> {
  return db('analytics_goals').select('id', 'event_name', 'page_path', 'display_name', 'created_at').where({ project_id: projectId }).orderBy([{ column: 'created_at' }, { column: 'id' }]);
}
