import type { Handler } from '../types.ts';
import type { GetKeyData } from '../../generated/gateway/types.gen.ts';
import { keyDetails } from '../../core/governance/admin.ts';
import { runtimeOf } from '../gatewayContext.ts';
import { ApiError } from '../../protocols/errors.ts';
import { keyReadScopeOf } from './_console.ts';
import { ok } from './_context.ts';

const getKey: Handler<GetKeyData> = async (ctx, { path }) => {
  const scope = keyReadScopeOf(ctx);
  const details = await keyDetails(ctx.state.deps.db, runtimeOf(ctx).governor, path.keyId);
  // Another team's key must look exactly like a missing one.
  if ((scope.teamId && details.key.teamId !== scope.teamId) || (scope.keyId && details.key.id !== scope.keyId)) {
    throw new ApiError('not_found', `No key ${path.keyId}`, { code: 'not_found' });
  }
  ok(ctx, details);
};

export default getKey;
