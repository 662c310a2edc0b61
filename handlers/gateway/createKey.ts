import type { Handler } from '../types.ts';
import type { CreateKeyData } from '../../generated/gateway/types.gen.ts';
import { createKey as create, type KeyInput } from '../../core/governance/admin.ts';
import { runtimeOf } from '../gatewayContext.ts';
import { adminOf, ok } from './_context.ts';

const createKey: Handler<CreateKeyData> = async (ctx, { body }) => {
  const actor = adminOf(ctx);
  ok(ctx, await create(ctx.state.deps.db, actor, body as KeyInput & { name: string }, runtimeOf(ctx).governor.now()), 201, 'Key created; its secret is shown this once.');
};

export default createKey;
