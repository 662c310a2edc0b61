import type { Handler } from '../types.ts';
import type { ListMembersData } from '../../generated/analytics/types.gen.ts';
import { projectIdOf } from './_stats.ts';
import { listMembers as members } from '../../db/analytics/listMembers.ts';
import { listInvitations } from '../../db/analytics/listInvitations.ts';
import { toInvitation, toMember } from './_accounts.ts';

const listMembers: Handler<ListMembersData> = async (ctx) => {
  const projectId = projectIdOf(ctx);
  const [m, i] = await Promise.all([members(ctx.state.deps.db, projectId), listInvitations(ctx.state.deps.db, projectId, new Date())]);
  ctx.body = { members: m.map(toMember), invitations: i.map(toInvitation) };
};

export default listMembers;
