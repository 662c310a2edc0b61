import type { Handler } from '../types.ts';
import type { UpdateTeamData } from '../../generated/gateway/types.gen.ts';
import { updateTeam as update, type PolicyInput } from '../../core/governance/admin.ts';
import { runtimeOf } from '../gatewayContext.ts';
import { adminOf, ok } from './_context.ts';

const updateTeam: Handler<UpdateTeamData> = async (ctx, { path, body }) => {
  const actor = adminOf(ctx);
  ok(ctx, await update(ctx.state.deps.db, actor, path.teamId, body as PolicyInput & { name?: string }, runtimeOf(ctx).governor.now()), 200, 'Team updated.');
};

export default updateTeam;
