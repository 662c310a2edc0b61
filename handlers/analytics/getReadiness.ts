import { ApiError } from '../../protocols/errors.ts';
import type { Handler } from '../types.ts';
import type { GetReadinessData } from '../../generated/analytics/types.gen.ts';
import { notReadyMessage } from '../readiness.ts';

// No key: load balancers call this to decide where traffic goes.
const getReadiness: Handler<GetReadinessData> = async (ctx) => {
  const reason = await ctx.state.deps.readiness?.notReady();
  if (reason) throw new ApiError('unavailable', notReadyMessage(reason), { code: 'service_unavailable', headers: { 'Retry-After': '1' } });
  ctx.body = { status: 'ready', service: 'switchyard-analytics', timestamp: new Date().toISOString() };
};

export default getReadiness;
