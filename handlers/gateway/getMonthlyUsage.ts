import type { Handler } from '../types.ts';
import { getMonthlyUsage as query } from '../../db/gateway/getMonthlyUsage.ts';
import { keyOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';
import type { GetMonthlyUsageData } from '../../generated/gateway/types.gen.ts';

const getMonthlyUsage: Handler<GetMonthlyUsageData> = async (ctx) => ok(ctx, await query(ctx.state.deps.db, keyOf(ctx).keyId));

export default getMonthlyUsage;
