import type { Handler } from '../types.ts';
import type { GetKeyData } from '../../generated/gateway/types.gen.ts';
import { keyDetails } from '../../core/governance/admin.ts';
import { runtimeOf } from '../gatewayContext.ts';
import { adminOf, ok } from './_context.ts';

const getKey: Handler<GetKeyData> = async (ctx, { path }) => {
  adminOf(ctx);
  ok(ctx, await keyDetails(ctx.state.deps.db, runtimeOf(ctx).governor, path.keyId));
};

export default getKey;
