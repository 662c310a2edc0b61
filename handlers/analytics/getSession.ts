import { ApiError } from '../../protocols/errors.ts';
import type { ApiContext } from '../types.ts';
import { projectIdOf } from './_stats.ts';
import { getSession } from '../../db/analytics/getSession.ts';
import { toSessionRecord } from '../../analytics/sessionRecord.ts';
import { listSessionEvents } from '../../db/analytics/listSessionEvents.ts';

export default async function handler(ctx: ApiContext) {
  const { sessionId } = ctx.state.op.request.params as { sessionId: string };
  const projectId = projectIdOf(ctx);
  const db = ctx.state.deps.db;
  const [session, events] = await Promise.all([getSession(db, projectId, sessionId), listSessionEvents(db, projectId, sessionId)]);
  if (!session || events.length === 0) throw new ApiError('not_found', 'Session not found.', { code: 'not_found' });
  ctx.body = { session: toSessionRecord(session), events };
}
