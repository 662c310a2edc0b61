import { projectIdOf } from './_stats.ts';
import { countActiveSessions } from '../../db/analytics/countActiveSessions.ts';
import type { Handler } from '../types.ts';
import type { GetRealtimeData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetRealtimeData> = async (ctx) => {
  ctx.body = { activeSessions: await countActiveSessions(ctx.state.deps.db, projectIdOf(ctx)) };
};

export default handler;
