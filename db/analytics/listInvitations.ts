import type { Knex } from 'knex';
import type { InvitationRow } from './accountRows.ts';

/** The project's invitations not yet accepted and not expired, oldest first. */
export async function listInvitations(db: Knex, projectId: string, now: Date): Promise<InvitationRow[]> {
  return db('analytics_invitations')
    .select('id', 'project_id', 'email', 'role', 'invited_by', 'created_at', 'expires_at')
    .where({ project_id: projectId }).whereNull('accepted_at').where('expires_at', '>', now)
    .orderBy([{ column: 'created_at' }, { column: 'id' }]);
}
