import type { Knex } from 'knex';

/** Deletes a project's stored tallies of days and hours that began before `cutoff` (their data is going or gone). */
export async function deleteExpiredTallies(db: Knex, projectId: string, cutoff: Date): Promise<number> {
  return db('analytics_stored_tallies').where('project_id', projectId).where('start_at', '<', cutoff).delete();
}
