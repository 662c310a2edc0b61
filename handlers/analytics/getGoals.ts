import { engineOf, statsQuery } from './_stats.ts';
import { goalsReport } from '../../analytics/reports.ts';
import type { Handler } from '../types.ts';
import type { GetGoalsData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetGoalsData> = async (ctx, { query }) => {
  const { q, compare } = statsQuery(ctx, query);
  ctx.body = await goalsReport(engineOf(ctx), q, compare);
};

export default handler;
