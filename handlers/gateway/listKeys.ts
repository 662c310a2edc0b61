import type { Handler } from '../types.ts';
import type { ListKeysData } from '../../generated/gateway/types.gen.ts';
import { keyView } from '../../core/governance/admin.ts';
import { listGatewayKeys } from '../../db/gateway/listGatewayKeys.ts';
import { runtimeOf } from '../gatewayContext.ts';
import { adminOf, ok } from './_context.ts';

const listKeys: Handler<ListKeysData> = async (ctx, { query }) => {
  adminOf(ctx);
  const now = runtimeOf(ctx).governor.now();
  const rows = await listGatewayKeys(ctx.state.deps.db, { teamId: query?.teamId, tag: query?.tag });
  ok(ctx, rows.map((row) => keyView(row, now)));
};

export default listKeys;
