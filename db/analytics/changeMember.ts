import type { Knex } from 'knex';
import type { MemberRole } from './accountRows.ts';

export type MemberChange = 'changed' | 'not_found' | 'last_owner';

/**
 * Changes a member's role (or removes the member, role null) unless that
 * leaves the project without an owner. The project's row is locked first, so
 * two owners demoting each other at once cannot both succeed.
 */
export async function changeMember(db: Knex, projectId: string, accountId: string, role: MemberRole | null): Promise<MemberChange> {
  return db.transaction(async (trx) => {
    await trx.raw('SELECT id FROM analytics_projects WHERE id = ? FOR UPDATE', [projectId]);
    const member = await trx('analytics_members').select('role').where({ project_id: projectId, account_id: accountId }).first();
    if (!member) return 'not_found';
    if (member.role === 'owner' && role !== 'owner') {
      const { count } = await trx('analytics_members').count<{ count: string }[]>('* as count').where({ project_id: projectId, role: 'owner' }).first() as { count: string };
      if (Number(count) <= 1) return 'last_owner';
    }
    if (role) await trx('analytics_members').update({ role }).where({ project_id: projectId, account_id: accountId });
    else await trx('analytics_members').delete().where({ project_id: projectId, account_id: accountId });
    return 'changed';
  });
}
