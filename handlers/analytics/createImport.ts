import { randomUUID } from 'node:crypto';
import { ApiError } from '../../protocols/errors.ts';
import { projectIdOf } from './_stats.ts';
import { dayRange, readExport, toImport, type ImportSource } from '../../analytics/imports/index.ts';
import { insertImport } from '../../db/analytics/insertImport.ts';
import { listImports } from '../../db/analytics/listImports.ts';
import type { ApiContext, Handler } from '../types.ts';
import type { CreateImportData } from '../../generated/analytics/types.gen.ts';

const LIMIT_BYTES = 64 * 1024 * 1024;

/** A ZIP or CSV upload is left on the socket by the body reader: read here, with the operation's limit. */
async function upload(ctx: ApiContext, body: unknown): Promise<Uint8Array> {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > LIMIT_BYTES) throw new ApiError('payload_too_large', `Request body exceeds this operation's limit of ${LIMIT_BYTES} bytes (64 MB)`);
    chunks.push(chunk as Buffer);
  }
  if (size === 0) throw new ApiError('invalid_request', 'The body is the export file; it is empty.', { code: 'bad_request' });
  return Buffer.concat(chunks);
}

const handler: Handler<CreateImportData> = async (ctx, { query, body }) => {
  const projectId = projectIdOf(ctx);
  const source = query.source as ImportSource;
  const table = await readExport(source, await upload(ctx, body));
  const { first, last } = dayRange(table);
  const id = randomUUID();
  const stored = await insertImport(ctx.state.deps.db, {
    id, projectId, source, fileName: query.fileName ?? null, firstDay: first, lastDay: last, rowsRead: table.rowsRead, rowsSkipped: table.rowsSkipped,
  }, table.values());
  if (!stored) {
    throw new ApiError('conflict', `Another import of this project covers days between ${first} and ${last}; delete it first (DELETE /v1/imports/{importId}).`, { code: 'conflict' });
  }
  const [row] = await listImports(ctx.state.deps.db, projectId, id);
  ctx.status = 201;
  ctx.body = toImport(row!);
};

export default handler;
