import { ApiError } from '../../protocols/errors.ts';
import { projectIdOf } from './_stats.ts';
import { getSession } from '../../db/analytics/getSession.ts';
import { toSessionRecord } from '../../analytics/sessionRecord.ts';
import { listSessionEvents } from '../../db/analytics/listSessionEvents.ts';
import type { Handler } from '../types.ts';
import type { GetSessionData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetSessionData> = async (ctx, { path }) => {
  const { sessionId } = path;
  const projectId = projectIdOf(ctx);
  const db = ctx.state.deps.db;
  const [session, events] = await Promise.all([getSession(db, projectId, sessionId), listSessionEvents(db, projectId, sessionId)]);
  if (!session || events.length === 0) throw new ApiError('not_found', 'Session not found.', { code: 'not_found' });
  ctx.body = { session: toSessionRecord(session), events };
};

export default handler;
