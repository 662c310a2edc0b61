import { engineOf, statsQuery } from './_stats.ts';
import { eventsReport } from '../../analytics/reports.ts';
import type { Handler } from '../types.ts';
import type { GetEventStatsData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetEventStatsData> = async (ctx, { query }) => {
  const { q, compare } = statsQuery(ctx, query);
  ctx.body = await eventsReport(engineOf(ctx), q, compare);
};

export default handler;
