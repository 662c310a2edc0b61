import type { Knex } from 'knex';
import type { InvitationRow, MemberRole } from './accountRows.ts';

/**
 * Accepts an invitation for an account: marks it used and makes the account a
 * member with the invited role, in one transaction. The UPDATE is the
 * single-use guard: of two accepts at once, only one finds the row unused.
 * A member already on the project keeps the higher of the two roles.
 */
export async function takeInvitation(db: Knex, tokenHash: Buffer, now: Date, accountFor: (inv: InvitationRow, trx: Knex.Transaction) => Promise<string>): Promise<(InvitationRow & { account_id: string }) | null> {
  return db.transaction(async (trx) => {
    const { rows } = await trx.raw(
      `UPDATE analytics_invitations SET accepted_at = ?
       WHERE token_hash = ? AND accepted_at IS NULL AND expires_at > ?
       RETURNING id, project_id, email, role, invited_by, created_at, expires_at`,
      [now, tokenHash, now],
    );
    const inv = rows[0] as InvitationRow | undefined;
    if (!inv) return null;
    const accountId = await accountFor(inv, trx);
    const rank: Record<MemberRole, number> = { owner: 3, admin: 2, viewer: 1 };
    const had = await trx('analytics_members').select('role').where({ project_id: inv.project_id, account_id: accountId }).first();
    if (!had) await trx('analytics_members').insert({ project_id: inv.project_id, account_id: accountId, role: inv.role });
    else if (rank[inv.role] > rank[had.role as MemberRole]) await trx('analytics_members').update({ role: inv.role }).where({ project_id: inv.project_id, account_id: accountId });
    return { ...inv, account_id: accountId };
  });
}
