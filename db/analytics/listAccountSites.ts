import type { Knex } from 'knex';
import type { MemberRole } from './accountRows.ts';

export interface AccountSiteRow {
  id: string;
  name: string;
  role: MemberRole;
  hidden_sections: string[];
}

export async function listAccountSites(db: Knex, accountId: string): Promise<AccountSiteRow[]> {
  return db('analytics_members as m')
    .join('analytics_projects as p', 'p.id', 'm.project_id')
    .select('p.id', 'p.name', 'm.role', 'p.hidden_sections')
    .where('m.account_id', accountId)
    .orderBy([{ column: 'p.name' }, { column: 'p.id' }]);
}
