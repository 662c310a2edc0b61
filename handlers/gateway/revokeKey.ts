import type { Handler } from '../types.ts';
import type { RevokeKeyData } from '../../generated/gateway/types.gen.ts';
import { revokeKey as revoke } from '../../core/governance/admin.ts';
import { runtimeOf } from '../gatewayContext.ts';
import { adminOf, ok } from './_context.ts';

const revokeKey: Handler<RevokeKeyData> = async (ctx, { path }) => {
  const actor = adminOf(ctx);
  const view = await revoke(ctx.state.deps.db, actor, path.keyId, runtimeOf(ctx).governor.now());
  // This process forgets the key's cached verdict before answering, so the caller's next request already sees the change;
  // other processes drop theirs on the NOTIFY the change's trigger sends.
  ctx.state.deps.gatewayAuth?.clear();
  ok(ctx, view, 200, 'Key revoked.');
};

export default revokeKey;
