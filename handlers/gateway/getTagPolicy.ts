import type { Handler } from '../types.ts';
import type { GetTagPolicyData } from '../../generated/gateway/types.gen.ts';
import { meterViews, tagParty, tagPolicyView } from '../../core/governance/admin.ts';
import { getTagPolicy as get } from '../../db/gateway/getTagPolicy.ts';
import { ApiError } from '../../protocols/errors.ts';
import { runtimeOf } from '../gatewayContext.ts';
import { adminOf, ok } from './_context.ts';

const getTagPolicy: Handler<GetTagPolicyData> = async (ctx, { path }) => {
  adminOf(ctx);
  const { db } = ctx.state.deps;
  const row = await get(db, path.tag);
  if (!row) throw new ApiError('not_found', `No policy for tag ${path.tag}`, { code: 'not_found' });
  ok(ctx, tagPolicyView(row, await meterViews(db, [tagParty(row)], runtimeOf(ctx).governor.now())));
};

export default getTagPolicy;
