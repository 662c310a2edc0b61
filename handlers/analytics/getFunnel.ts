import { ApiError } from '../../protocols/errors.ts';
import { engineOf, projectIdOf, statsQuery } from './_stats.ts';
import { funnelReport } from '../../analytics/reports.ts';
import { parseSteps } from '../../analytics/goals.ts';
import { getFunnel } from '../../db/analytics/getFunnel.ts';
import type { Handler } from '../types.ts';
import type { GetFunnelData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetFunnelData> = async (ctx, { query }) => {
  const { funnel: funnelId, steps: raw } = query;
  if ((funnelId === undefined) === (raw === undefined)) {
    throw new ApiError('invalid_request', 'Give either funnel (a saved funnel id) or steps (the steps as JSON).', { code: 'bad_request', param: 'steps' });
  }
  let steps;
  if (funnelId) {
    const saved = await getFunnel(ctx.state.deps.db, projectIdOf(ctx), funnelId);
    if (!saved) throw new ApiError('not_found', 'Funnel not found.', { code: 'not_found' });
    steps = saved.steps;
  } else {
    steps = parseSteps(raw!);
  }
  const { q, compare } = statsQuery(ctx, query);
  ctx.body = await funnelReport(engineOf(ctx), q, compare, steps);
};

export default handler;
