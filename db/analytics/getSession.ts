import type { Knex } from 'knex';

/** The session's row (snake_case columns), or null. */
export async function getSession(db: Knex, projectId: string, sessionId: string): Promise<Record<string, any> | null> {
  return (await db('analytics_sessions').where({ project_id: projectId, id: sessionId }).first()) ?? null;
}
