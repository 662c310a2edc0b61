import type { Handler } from '../types.ts';
import type { ListKeysData } from '../../generated/gateway/types.gen.ts';
import { keyView } from '../../core/governance/admin.ts';
import { listGatewayKeys } from '../../db/gateway/listGatewayKeys.ts';
import { runtimeOf } from '../gatewayContext.ts';
import { ApiError } from '../../protocols/errors.ts';
import { keyReadScopeOf } from './_console.ts';
import { ok } from './_context.ts';

const listKeys: Handler<ListKeysData> = async (ctx, { query }) => {
  const scope = keyReadScopeOf(ctx);
  if (scope.teamId && query?.teamId !== undefined && query.teamId !== scope.teamId) {
    throw new ApiError('forbidden', "A member's console session reads its own team's keys only", { code: 'admin_only', param: 'teamId' });
  }
  const now = runtimeOf(ctx).governor.now();
  const rows = await listGatewayKeys(ctx.state.deps.db, { teamId: scope.teamId ?? query?.teamId, tag: query?.tag });
  ok(ctx, rows.filter((row) => !scope.keyId || row.id === scope.keyId).map((row) => keyView(row, now)));
};

export default listKeys;
