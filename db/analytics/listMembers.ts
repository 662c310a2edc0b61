import type { Knex } from 'knex';
import type { MemberRole } from './accountRows.ts';

export interface MemberRow {
  account_id: string;
  email: string;
  name: string | null;
  role: MemberRole;
  created_at: Date;
}

export async function listMembers(db: Knex, projectId: string): Promise<MemberRow[]> {
  return db('analytics_members as m')
    .join('analytics_accounts as a', 'a.id', 'm.account_id')
    .select('m.account_id', 'a.email', 'a.name', 'm.role', 'm.created_at')
    .where('m.project_id', projectId)
    .orderBy([{ column: 'm.created_at' }, { column: 'a.email' }]);
}
