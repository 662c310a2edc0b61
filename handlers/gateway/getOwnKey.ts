import type { Handler } from '../types.ts';
import type { GetOwnKeyData } from '../../generated/gateway/types.gen.ts';
import { keyDetails } from '../../core/governance/admin.ts';
import { keyOf, runtimeOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';

const getOwnKey: Handler<GetOwnKeyData> = async (ctx) => {
  ok(ctx, await keyDetails(ctx.state.deps.db, runtimeOf(ctx).governor, keyOf(ctx).keyId));
};

export default getOwnKey;
