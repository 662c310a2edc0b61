import type { Handler } from '../types.ts';
import type { GetTrafficData } from '../../generated/gateway/types.gen.ts';
import { trafficReport } from '../../core/console/traffic.ts';
import { consoleOf, taskScopeOf } from './_console.ts';
import { keyOf, runtimeOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';

const getTraffic: Handler<GetTrafficData> = async (ctx, { query }) => {
  // This process's latest calls are in the answer; other processes' within their next write.
  await consoleOf(ctx).traffic.flush();
  // As for tasks (a console member its team's), except that an admin key reads every key's calls, as it reads their spend.
  const key = keyOf(ctx);
  const scope = !key.principal && key.role === 'admin' ? {} : taskScopeOf(ctx);
  ok(ctx, await trafficReport(ctx.state.deps.db, scope, { from: query?.from, to: query?.to }, runtimeOf(ctx).governor.now()));
};

export default getTraffic;
