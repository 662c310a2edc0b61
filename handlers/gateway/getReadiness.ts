import { ApiError } from '../../protocols/errors.ts';
import type { Handler } from '../types.ts';
import type { GetReadinessData } from '../../generated/gateway/types.gen.ts';
import { notReadyMessage } from '../readiness.ts';

// No envelope, no key: load balancers call this to decide where traffic goes.
const getReadiness: Handler<GetReadinessData> = async (ctx) => {
  const reason = await ctx.state.deps.readiness?.notReady();
  if (reason) throw new ApiError('unavailable', notReadyMessage(reason), { code: 'unavailable', headers: { 'retry-after': '1' } });
  ctx.body = { status: 'ready', service: 'switchyard-gateway', timestamp: new Date().toISOString() };
};

export default getReadiness;
