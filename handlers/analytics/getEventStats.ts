import type { ApiContext } from '../../handlers/types.ts';
import { engineOf, statsQuery } from './_stats.ts';
import { eventsReport } from '../../analytics/reports.ts';

export default async function handler(ctx: ApiContext) {
  const { q, compare } = statsQuery(ctx);
  ctx.body = await eventsReport(engineOf(ctx), q, compare);
}
