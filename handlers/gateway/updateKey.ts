import type { Handler } from '../types.ts';
import type { UpdateKeyData } from '../../generated/gateway/types.gen.ts';
import { updateKey as update, type KeyInput } from '../../core/governance/admin.ts';
import { runtimeOf } from '../gatewayContext.ts';
import { adminOf, ok } from './_context.ts';

const updateKey: Handler<UpdateKeyData> = async (ctx, { path, body }) => {
  const actor = adminOf(ctx);
  ok(ctx, await update(ctx.state.deps.db, actor, path.keyId, body as KeyInput, runtimeOf(ctx).governor.now()), 200, 'Key updated.');
};

export default updateKey;
