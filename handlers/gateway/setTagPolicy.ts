import type { Handler } from '../types.ts';
import type { SetTagPolicyData } from '../../generated/gateway/types.gen.ts';
import { setTagPolicy as set, type PolicyInput } from '../../core/governance/admin.ts';
import { runtimeOf } from '../gatewayContext.ts';
import { adminOf, ok } from './_context.ts';

const setTagPolicy: Handler<SetTagPolicyData> = async (ctx, { path, body }) => {
  const actor = adminOf(ctx);
  ok(ctx, await set(ctx.state.deps.db, actor, path.tag, body as PolicyInput, runtimeOf(ctx).governor.now()), 200, 'Tag policy set.');
};

export default setTagPolicy;
