import type { Knex } from 'knex';
import type { MemberRole } from './accountRows.ts';

/** Makes the account a member (a project's creator its owner); an existing membership is left as it is. */
export async function addMember(db: Knex, projectId: string, accountId: string, role: MemberRole): Promise<void> {
  await db('analytics_members').insert({ project_id: projectId, account_id: accountId, role }).onConflict(['project_id', 'account_id']).ignore();
}
