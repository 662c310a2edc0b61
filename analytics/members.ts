// Who may change whom on a site. Keys are not people: the live key acts with
// an owner's rights (it is how a site made with an invite code gets its first
// owner). An admin manages admins and viewers; only an owner grants, changes
// or removes the owner role. No change may leave a site without an owner.
import type { Knex } from 'knex';
import { ApiError } from '../protocols/errors.ts';
import type { MemberRole } from '../db/analytics/accountRows.ts';
import { findMembership } from '../db/analytics/findMembership.ts';
import { changeMember } from '../db/analytics/changeMember.ts';

export interface Actor {
  /** `key`: the live key. */
  role: MemberRole | 'key';
  accountId: string | null;
}

const ownerOnly = () => new ApiError('forbidden', 'Only an owner of the site grants, changes or removes the owner role.', { code: 'owner_role' });

export function checkMayGrant(actor: Actor, role: MemberRole): void {
  if (role === 'owner' && actor.role !== 'owner' && actor.role !== 'key') throw ownerOnly();
}

/** Changes a member's role (role null: removes the member) as `actor` may. */
export async function changeMemberAs(db: Knex, projectId: string, actor: Actor, accountId: string, role: MemberRole | null): Promise<void> {
  const current = await findMembership(db, projectId, accountId);
  if (!current) throw new ApiError('not_found', 'No such member of this site.', { code: 'not_found' });
  if (role) checkMayGrant(actor, role);
  if (current.role === 'owner' && actor.role !== 'owner' && actor.role !== 'key') throw ownerOnly();
  const outcome = await changeMember(db, projectId, accountId, role);
  if (outcome === 'not_found') throw new ApiError('not_found', 'No such member of this site.', { code: 'not_found' });
  if (outcome === 'last_owner') throw new ApiError('conflict', 'A site keeps at least one owner: make someone else owner first.', { code: 'last_owner' });
}
