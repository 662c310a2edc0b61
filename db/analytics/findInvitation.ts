import type { Knex } from 'knex';
import type { InvitationRow } from './accountRows.ts';

/** A pending, unexpired invitation by its link's token hash, with its project's name. */
export async function findInvitation(db: Knex, tokenHash: Buffer, now: Date): Promise<(InvitationRow & { project_name: string; has_account: boolean }) | null> {
  const row = await db('analytics_invitations as i')
    .join('analytics_projects as p', 'p.id', 'i.project_id')
    .select('i.id', 'i.project_id', 'i.email', 'i.role', 'i.invited_by', 'i.created_at', 'i.expires_at', 'p.name as project_name',
      db.raw('EXISTS (SELECT 1 FROM analytics_accounts a WHERE a.email = i.email) AS has_account'))
    .where('i.token_hash', tokenHash).whereNull('i.accepted_at').where('i.expires_at', '>', now)
    .first();
  return row ?? null;
}
