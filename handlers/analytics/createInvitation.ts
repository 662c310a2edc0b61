import type { Handler } from '../types.ts';
import type { CreateInvitationData } from '../../generated/analytics/types.gen.ts';
import { projectIdOf } from './_stats.ts';
import { checkMayGrant } from '../../analytics/members.ts';
import { accountsOf, actorOf, originOf, toInvitation } from './_accounts.ts';

const createInvitation: Handler<CreateInvitationData> = async (ctx, { body }) => {
  const actor = actorOf(ctx);
  checkMayGrant(actor, body.role);
  const inv = await accountsOf(ctx).invite(projectIdOf(ctx), body.email, body.role, actor.accountId, originOf(ctx));
  ctx.status = 201;
  ctx.body = toInvitation(inv);
};

export default createInvitation;
