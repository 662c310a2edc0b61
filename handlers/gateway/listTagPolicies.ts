import type { Handler } from '../types.ts';
import type { ListTagPoliciesData } from '../../generated/gateway/types.gen.ts';
import { meterViews, tagParty, tagPolicyView } from '../../core/governance/admin.ts';
import { listTagPolicies as list } from '../../db/gateway/listTagPolicies.ts';
import { runtimeOf } from '../gatewayContext.ts';
import { adminOf, ok } from './_context.ts';

const listTagPolicies: Handler<ListTagPoliciesData> = async (ctx) => {
  adminOf(ctx);
  const { db } = ctx.state.deps;
  const now = runtimeOf(ctx).governor.now();
  const rows = await list(db);
  ok(ctx, await Promise.all(rows.map(async (row) => tagPolicyView(row, await meterViews(db, [tagParty(row)], now)))));
};

export default listTagPolicies;
