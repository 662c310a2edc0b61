import type { Handler } from '../types.ts';
import type { DeleteTeamData } from '../../generated/gateway/types.gen.ts';
import { deleteTeam as remove } from '../../core/governance/admin.ts';
import { adminOf, ok } from './_context.ts';

const deleteTeam: Handler<DeleteTeamData> = async (ctx, { path }) => {
  const actor = adminOf(ctx);
  ok(ctx, await remove(ctx.state.deps.db, actor, path.teamId), 200, 'Team deleted.');
};

export default deleteTeam;
