import type { ApiContext } from '../types.ts';
import { flag, projectIdOf, windowBounds, type Window } from '../../analytics/statsQuery.ts';
import { listSessions } from '../../db/analytics/listSessions.ts';
import { toSessionRecord } from '../../analytics/sessionRecord.ts';

export default async function handler(ctx: ApiContext) {
  const q = ctx.state.op.request.query as Record<string, unknown>;
  const limit = Number(q.limit ?? 50);
  const offset = Number(q.offset ?? 0);
  const page = await listSessions(ctx.state.deps.db, {
    projectId: projectIdOf(ctx),
    from: windowBounds((q.window as Window) ?? '7d').from,
    includeBots: flag(q.includeBots),
    includeInternal: flag(q.includeInternal),
    country: q.country as string | undefined,
    regionCode: q.regionCode as string | undefined,
    limit,
    offset,
  });
  ctx.body = { sessions: page.sessions.map(toSessionRecord), limit, offset, hasMore: page.hasMore };
}
