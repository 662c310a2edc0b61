import type { Knex } from 'knex';

export async function deleteGoal(db: Knex, projectId: string, goalId: string): Promise<boolean> {
  return (await db('analytics_goals').where({ project_id: projectId, id: goalId }).delete()) > 0;
}
