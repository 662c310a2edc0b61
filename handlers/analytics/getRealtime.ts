import type { ApiContext } from '../types.ts';
import { projectIdOf } from './_stats.ts';
import { countActiveSessions } from '../../db/analytics/countActiveSessions.ts';

export default async function handler(ctx: ApiContext) {
  ctx.body = { activeSessions: await countActiveSessions(ctx.state.deps.db, projectIdOf(ctx)) };
}
