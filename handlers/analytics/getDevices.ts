import { engineOf, statsQuery } from './_stats.ts';
import { devicesReport } from '../../analytics/reports.ts';
import type { Handler } from '../types.ts';
import type { GetDevicesData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetDevicesData> = async (ctx, { query }) => {
  const { q, compare } = statsQuery(ctx, query);
  ctx.body = await devicesReport(engineOf(ctx), q, compare);
};

export default handler;
