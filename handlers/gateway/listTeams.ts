import type { Handler } from '../types.ts';
import type { ListTeamsData } from '../../generated/gateway/types.gen.ts';
import { meterViews, teamParty, teamView } from '../../core/governance/admin.ts';
import { listTeams as list } from '../../db/gateway/listTeams.ts';
import { runtimeOf } from '../gatewayContext.ts';
import { adminOf, ok } from './_context.ts';

const listTeams: Handler<ListTeamsData> = async (ctx) => {
  adminOf(ctx);
  const { db } = ctx.state.deps;
  const now = runtimeOf(ctx).governor.now();
  const rows = await list(db);
  ok(ctx, await Promise.all(rows.map(async (row) => teamView(row, await meterViews(db, [teamParty(row)], now)))));
};

export default listTeams;
