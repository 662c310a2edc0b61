import type { Handler } from '../types.ts';
import { getDailyUsage as query } from '../../db/gateway/getDailyUsage.ts';
import { keyOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';
import type { GetDailyUsageData } from '../../generated/gateway/types.gen.ts';

const getDailyUsage: Handler<GetDailyUsageData> = async (ctx) => ok(ctx, await query(ctx.state.deps.db, keyOf(ctx).keyId));

export default getDailyUsage;
