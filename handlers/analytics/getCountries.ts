import type { ApiContext } from '../../handlers/types.ts';
import { engineOf, statsQuery } from './_stats.ts';
import { countriesReport } from '../../analytics/reports.ts';

export default async function handler(ctx: ApiContext) {
  const { q, compare } = statsQuery(ctx);
  ctx.body = await countriesReport(engineOf(ctx), q, compare);
}
