import { projectIdOf } from './_stats.ts';
import { toFunnel } from '../../analytics/goals.ts';
import { listFunnels } from '../../db/analytics/listFunnels.ts';
import type { Handler } from '../types.ts';
import type { ListFunnelsData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<ListFunnelsData> = async (ctx) => {
  ctx.body = { funnels: (await listFunnels(ctx.state.deps.db, projectIdOf(ctx))).map(toFunnel) };
};

export default handler;
