import type { Handler } from '../types.ts';
import { getMonthlyUsage as query } from '../../db/gateway/getMonthlyUsage.ts';
import { callerOf, ok } from './_context.ts';

const getMonthlyUsage: Handler = async (ctx) => ok(ctx, await query(ctx.state.deps.db, callerOf(ctx).keyId));

export default getMonthlyUsage;
