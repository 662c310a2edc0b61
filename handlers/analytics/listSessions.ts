import { ApiError } from '../../protocols/errors.ts';
import { engineOf, statsQuery } from './_stats.ts';
import { prepare, sessionsPage, type SessionsPosition } from '../../analytics/query/stats.ts';
import type { Filter } from '../../analytics/query/filters.ts';
import { decodeCursor, encodeCursor, UUID } from '../../analytics/cursor.ts';
import { toSessionRecord } from '../../analytics/sessionRecord.ts';
import { listSessionsByIds } from '../../db/analytics/listSessionsByIds.ts';
import type { Handler } from '../types.ts';
import type { ListSessionsData } from '../../generated/analytics/types.gen.ts';

function positionOf([lastSeen, id]: unknown[]): SessionsPosition | null {
  return typeof lastSeen === 'number' && Number.isFinite(lastSeen) && typeof id === 'string' && UUID.test(id) ? { lastSeen, id: id.toLowerCase() } : null;
}

// The same query functions as the stats routes pick the sessions (so a session the
// overview leaves out is left out here too); the records come from their rows.
const handler: Handler<ListSessionsData> = async (ctx, { query }) => {
  const limit = Number(query.limit ?? 50);
  const offset = Number(query.offset ?? 0);
  if (query.cursor !== undefined && offset !== 0) {
    throw new ApiError('invalid_request', 'Give cursor or offset, not both: the cursor already says where the page starts.', { code: 'bad_request', param: 'offset' });
  }
  const after = query.cursor !== undefined ? decodeCursor(query.cursor, positionOf) : undefined;
  const extra: Filter[] = [];
  if (query.country) extra.push({ op: 'is', dimension: 'visit:country', values: [query.country.toUpperCase()], caseSensitive: true });
  if (query.regionCode) extra.push({ op: 'is', dimension: 'visit:region', values: [query.regionCode.toUpperCase()], caseSensitive: true });
  const { q } = statsQuery(ctx, query, extra);
  const engine = engineOf(ctx);
  const page = sessionsPage(await prepare(engine.db, engine.store, q), limit, offset, after);
  const rows = new Map((await listSessionsByIds(engine.db, q.projectId, page.ids)).map((r) => [r.id as string, r]));
  ctx.body = {
    sessions: page.ids.filter((id) => rows.has(id)).map((id) => toSessionRecord(rows.get(id)!)),
    limit,
    offset,
    hasMore: page.hasMore,
    nextCursor: page.hasMore && page.next ? encodeCursor([page.next.lastSeen, page.next.id]) : null,
  };
};

export default handler;
