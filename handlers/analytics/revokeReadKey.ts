import { projectIdOf } from './_stats.ts';
import { revokeReadKey } from '../../db/analytics/revokeReadKey.ts';
import type { Handler } from '../types.ts';
import type { RevokeReadKeyData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<RevokeReadKeyData> = async (ctx) => {
  await revokeReadKey(ctx.state.deps.db, projectIdOf(ctx));
  ctx.status = 204;
};

export default handler;
