import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { decodeCursor, encodeCursor, UUID } from '../../analytics/cursor.ts';
import { projectIdOf } from './_stats.ts';
import { parsePeriod } from '../../analytics/query/period.ts';
import { CSV_HEADER, toCsvLine, toNdjsonLine } from '../../db/analytics/eventRow.ts';
import { exportEvents, findExportPageEnd, type ExportPage } from '../../db/analytics/exportEvents.ts';
import type { Handler } from '../types.ts';
import type { ExportEventsData } from '../../generated/analytics/types.gen.ts';

type Position = { createdAt: string; id: string };

function positionOf([createdAt, id]: unknown[]): Position | null {
  return typeof createdAt === 'string' && !Number.isNaN(Date.parse(createdAt)) && typeof id === 'string' && UUID.test(id) ? { createdAt, id } : null;
}

const handler: Handler<ExportEventsData> = async (ctx, { query }) => {
  const q = query;
  const format = q.format ?? 'csv';
  const page: ExportPage = {
    projectId: projectIdOf(ctx),
    from: new Date(parsePeriod({ window: q.window }).from),
    after: q.cursor ? decodeCursor(q.cursor, positionOf) : undefined,
    limit: Number(q.limit ?? 1000),
  };
  const db = ctx.state.deps.db;
  // Headers go out before the rows, so whether the page is full is settled first,
  // on the index; the page is then pinned to end exactly there.
  const end = await findExportPageEnd(db, page);
  if (end) {
    ctx.set('X-Next-Cursor', encodeCursor([end.createdAt, end.id]));
    page.through = end;
  }
  let first = true;
  const encode = new Transform({
    writableObjectMode: true,
    transform(row, _enc, done) {
      let chunk = format === 'csv' ? toCsvLine(row) : toNdjsonLine(row);
      if (first && format === 'csv') chunk = CSV_HEADER + chunk;
      first = false;
      done(null, chunk);
    },
    flush(done) {
      done(null, first && format === 'csv' ? CSV_HEADER : undefined);
    },
  });
  ctx.type = format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8';
  ctx.body = encode;
  pipeline(exportEvents(db, page), encode).catch((err) => {
    ctx.state.log.error({ err }, 'export stream failed');
    encode.destroy(err);
  });
};

export default handler;
