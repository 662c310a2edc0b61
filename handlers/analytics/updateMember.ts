import type { Handler } from '../types.ts';
import type { UpdateMemberData } from '../../generated/analytics/types.gen.ts';
import { projectIdOf } from './_stats.ts';
import { changeMemberAs } from '../../analytics/members.ts';
import { listMembers } from '../../db/analytics/listMembers.ts';
import { actorOf, toMember } from './_accounts.ts';

const updateMember: Handler<UpdateMemberData> = async (ctx, { path, body }) => {
  const projectId = projectIdOf(ctx);
  await changeMemberAs(ctx.state.deps.db, projectId, actorOf(ctx), path.accountId, body.role);
  const member = (await listMembers(ctx.state.deps.db, projectId)).find((m) => m.account_id === path.accountId)!;
  ctx.body = toMember(member);
};

export default updateMember;
