import type { ApiContext } from '../../handlers/types.ts';
import { projectIdOf } from './_stats.ts';
import { toFunnel } from '../../analytics/goals.ts';
import { listFunnels } from '../../db/analytics/listFunnels.ts';

export default async function handler(ctx: ApiContext) {
  ctx.body = { funnels: (await listFunnels(ctx.state.deps.db, projectIdOf(ctx))).map(toFunnel) };
}
