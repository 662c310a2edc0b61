import type { Handler } from '../types.ts';
import type { RemoveMemberData } from '../../generated/analytics/types.gen.ts';
import { projectIdOf } from './_stats.ts';
import { changeMemberAs } from '../../analytics/members.ts';
import { actorOf } from './_accounts.ts';

const removeMember: Handler<RemoveMemberData> = async (ctx, { path }) => {
  await changeMemberAs(ctx.state.deps.db, projectIdOf(ctx), actorOf(ctx), path.accountId, null);
  ctx.status = 204;
};

export default removeMember;
