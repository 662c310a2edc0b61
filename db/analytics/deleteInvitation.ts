import type { Knex } from 'knex';

/** Withdraws a pending invitation; false when the project has no such pending invitation. */
export async function deleteInvitation(db: Knex, projectId: string, invitationId: string): Promise<boolean> {
  const n = await db('analytics_invitations').delete().where({ project_id: projectId, id: invitationId }).whereNull('accepted_at');
  return n > 0;
}
