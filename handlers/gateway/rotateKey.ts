import type { Handler } from '../types.ts';
import type { RotateKeyData } from '../../generated/gateway/types.gen.ts';
import { rotateKey as rotate } from '../../core/governance/admin.ts';
import { runtimeOf } from '../gatewayContext.ts';
import { adminOf, ok } from './_context.ts';

const rotateKey: Handler<RotateKeyData> = async (ctx, { path, body }) => {
  const actor = adminOf(ctx);
  ok(ctx, await rotate(ctx.state.deps.db, actor, path.keyId, body?.graceSeconds, runtimeOf(ctx).governor.now()), 200, 'Key rotated; its new secret is shown this once.');
};

export default rotateKey;
