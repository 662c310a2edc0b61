import type { Handler } from '../types.ts';
import type { UpdateKeyData } from '../../generated/gateway/types.gen.ts';
import { updateKey as update, type KeyInput } from '../../core/governance/admin.ts';
import { runtimeOf } from '../gatewayContext.ts';
import { adminOf, ok } from './_context.ts';

const updateKey: Handler<UpdateKeyData> = async (ctx, { path, body }) => {
  const actor = adminOf(ctx);
  const view = await update(ctx.state.deps.db, actor, path.keyId, body as KeyInput, runtimeOf(ctx).governor.now());
  // This process forgets the key's cached verdict before answering, so the caller's next request already sees the change;
  // other processes drop theirs on the NOTIFY the change's trigger sends.
  ctx.state.deps.gatewayAuth?.clear();
  ok(ctx, view, 200, 'Key updated.');
};

export default updateKey;
