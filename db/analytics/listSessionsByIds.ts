import type { Knex } from 'knex';

/** Session rows (snake_case columns) for the ids, in no particular order. */
export async function listSessionsByIds(db: Knex, projectId: string, ids: string[]): Promise<Record<string, any>[]> {
  if (ids.length === 0) return [];
  return db('analytics_sessions').where('project_id', projectId).whereIn('id', ids);
}
