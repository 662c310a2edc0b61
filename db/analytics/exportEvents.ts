import type { Knex } from 'knex';
import type { Readable } from 'node:stream';
import { EVENT_ROW_SELECT } from './eventRow.ts';

export interface ExportPage {
  projectId: string;
  from: Date;
  /** Keyset position of the previous page's last row. */
  after?: { createdAt: string; id: string };
  /** Last row of this page when it is known to be full; pins the page against concurrent inserts. */
  through?: { createdAt: string; id: string };
  limit: number;
}

function pageQuery(db: Knex, p: ExportPage) {
  const q = db('analytics_events').where('project_id', p.projectId).where('created_at', '>=', p.from);
  if (p.after) q.whereRaw('(created_at, id) > (?::timestamptz, ?::uuid)', [p.after.createdAt, p.after.id]);
  if (p.through) q.whereRaw('(created_at, id) <= (?::timestamptz, ?::uuid)', [p.through.createdAt, p.through.id]);
  return q.orderBy([{ column: 'created_at' }, { column: 'id' }]);
}

/** The page's last row if the page is full, found on the index before streaming starts. */
export async function findExportPageEnd(db: Knex, p: ExportPage): Promise<{ createdAt: string; id: string } | null> {
  const row = await pageQuery(db, p)
    .select(db.raw(`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"`), 'id')
    .offset(p.limit - 1)
    .first();
  return row ? { createdAt: row.createdAt as string, id: row.id as string } : null;
}

/** Rows of the page as a stream (a server-side cursor), never materialised in memory. */
export function exportEvents(db: Knex, p: ExportPage): Readable {
  return pageQuery(db, p).select(db.raw(EVENT_ROW_SELECT)).limit(p.limit).stream({ highWaterMark: 500 }) as unknown as Readable;
}
