import type { Knex } from 'knex';

export async function hasPendingInvitation(db: Knex, email: string, now: Date): Promise<boolean> {
  const row = await db('analytics_invitations').select('id').where({ email }).whereNull('accepted_at').where('expires_at', '>', now).first();
  return Boolean(row);
}
