import type { Handler } from '../types.ts';
import type { RotateKeyData } from '../../generated/gateway/types.gen.ts';
import { rotateKey as rotate } from '../../core/governance/admin.ts';
import { runtimeOf } from '../gatewayContext.ts';
import { adminOf, ok } from './_context.ts';

const rotateKey: Handler<RotateKeyData> = async (ctx, { path, body }) => {
  const actor = adminOf(ctx);
  const view = await rotate(ctx.state.deps.db, actor, path.keyId, body?.graceSeconds, runtimeOf(ctx).governor.now());
  // This process forgets the key's cached verdict before answering, so the caller's next request already sees the change;
  // other processes drop theirs on the NOTIFY the change's trigger sends.
  ctx.state.deps.gatewayAuth?.clear();
  ok(ctx, view, 200, 'Key rotated; its new secret is shown this once.');
};

export default rotateKey;
