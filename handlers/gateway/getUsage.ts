import type { Handler } from '../types.ts';
import { getUsageSummary } from '../../db/gateway/getUsageSummary.ts';
import { callerOf, ok } from './_context.ts';

const getUsage: Handler = async (ctx) => ok(ctx, await getUsageSummary(ctx.state.deps.db, callerOf(ctx).keyId));

export default getUsage;
