import type { ApiContext } from '../types.ts';
import { projectIdOf } from './_stats.ts';
import { revokeReadKey } from '../../db/analytics/revokeReadKey.ts';

export default async function handler(ctx: ApiContext) {
  await revokeReadKey(ctx.state.deps.db, projectIdOf(ctx));
  ctx.status = 204;
}
