import type { Handler } from '../types.ts';
import type { RevokeKeyData } from '../../generated/gateway/types.gen.ts';
import { revokeKey as revoke } from '../../core/governance/admin.ts';
import { runtimeOf } from '../gatewayContext.ts';
import { adminOf, ok } from './_context.ts';

const revokeKey: Handler<RevokeKeyData> = async (ctx, { path }) => {
  const actor = adminOf(ctx);
  ok(ctx, await revoke(ctx.state.deps.db, actor, path.keyId, runtimeOf(ctx).governor.now()), 200, 'Key revoked.');
};

export default revokeKey;
