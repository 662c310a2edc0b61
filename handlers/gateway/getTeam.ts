import type { Handler } from '../types.ts';
import type { GetTeamData } from '../../generated/gateway/types.gen.ts';
import { meterViews, teamParty, teamView } from '../../core/governance/admin.ts';
import { getTeam as get } from '../../db/gateway/getTeam.ts';
import { ApiError } from '../../protocols/errors.ts';
import { runtimeOf } from '../gatewayContext.ts';
import { adminOf, ok } from './_context.ts';

const getTeam: Handler<GetTeamData> = async (ctx, { path }) => {
  adminOf(ctx);
  const { db } = ctx.state.deps;
  const row = await get(db, path.teamId);
  if (!row) throw new ApiError('not_found', `No team ${path.teamId}`, { code: 'not_found' });
  ok(ctx, teamView(row, await meterViews(db, [teamParty(row)], runtimeOf(ctx).governor.now())));
};

export default getTeam;
