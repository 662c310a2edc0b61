import type { Handler } from '../types.ts';
import type { CreateTeamData } from '../../generated/gateway/types.gen.ts';
import { createTeam as create, type PolicyInput } from '../../core/governance/admin.ts';
import { runtimeOf } from '../gatewayContext.ts';
import { adminOf, ok } from './_context.ts';

const createTeam: Handler<CreateTeamData> = async (ctx, { body }) => {
  const actor = adminOf(ctx);
  ok(ctx, await create(ctx.state.deps.db, actor, body as PolicyInput & { name: string }, runtimeOf(ctx).governor.now()), 201, 'Team created.');
};

export default createTeam;
