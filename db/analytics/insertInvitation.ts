import type { Knex } from 'knex';
import type { InvitationRow, MemberRole } from './accountRows.ts';

/** A pending invitation; a pending one to the same email for the project is replaced (its link stops working). */
export async function insertInvitation(db: Knex, inv: { projectId: string; email: string; role: MemberRole; tokenHash: Buffer; invitedBy: string | null; expiresAt: Date }): Promise<InvitationRow> {
  return db.transaction(async (trx) => {
    await trx('analytics_invitations').delete().where({ project_id: inv.projectId, email: inv.email }).whereNull('accepted_at');
    const [row] = await trx('analytics_invitations')
      .insert({ project_id: inv.projectId, email: inv.email, role: inv.role, token_hash: inv.tokenHash, invited_by: inv.invitedBy, expires_at: inv.expiresAt })
      .returning(['id', 'project_id', 'email', 'role', 'invited_by', 'created_at', 'expires_at']);
    return row as InvitationRow;
  });
}
