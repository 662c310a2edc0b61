import type { Knex } from 'knex';
import { toSessionRecord } from './sessionRecord.ts';

export default async function getSession(db: Knex, projectId: string, sessionId: string) {
  const row = await db('analytics_sessions').where({ project_id: projectId, id: sessionId }).first();
  return row ? toSessionRecord(row) : null;
}
