import type { Knex } from 'knex';
import type { MemberRole } from './accountRows.ts';

/** The account's role on the project and the sections the project hides from viewers, or null when it is no member. */
export async function findMembership(db: Knex, projectId: string, accountId: string): Promise<{ role: MemberRole; hidden_sections: string[] } | null> {
  const row = await db('analytics_members as m')
    .join('analytics_projects as p', 'p.id', 'm.project_id')
    .select('m.role', 'p.hidden_sections')
    .where({ 'm.project_id': projectId, 'm.account_id': accountId })
    .first();
  return row ?? null;
}
