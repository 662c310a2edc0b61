import type { Handler } from '../types.ts';
import { getUsageSummary } from '../../db/gateway/getUsageSummary.ts';
import { keyOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';
import type { GetUsageData } from '../../generated/gateway/types.gen.ts';

const getUsage: Handler<GetUsageData> = async (ctx) => ok(ctx, await getUsageSummary(ctx.state.deps.db, keyOf(ctx).keyId));

export default getUsage;
