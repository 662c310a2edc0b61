import type { Handler } from '../types.ts';
import { getDailyUsage as query } from '../../db/gateway/getDailyUsage.ts';
import { callerOf, ok } from './_context.ts';

const getDailyUsage: Handler = async (ctx) => ok(ctx, await query(ctx.state.deps.db, callerOf(ctx).keyId));

export default getDailyUsage;
