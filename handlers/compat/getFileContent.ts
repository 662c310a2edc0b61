// GET /v1/files/{file_id}/content: a file's bytes, for its key only.
import type { Handler } from '../types.ts';
import type { GetFileContentData } from '../../generated/compat/types.gen.ts';
import { getFileContent as readContent } from '../../db/gateway/getFileContent.ts';
import { keyOf } from '../gatewayContext.ts';
import { fileNotFound } from './_files.ts';

const getFileContent: Handler<GetFileContentData> = async (ctx, { path }) => {
  const file = await readContent(ctx.state.deps.db, path.file_id, keyOf(ctx).keyId);
  if (!file) throw fileNotFound(path.file_id);
  ctx.type = 'application/octet-stream';
  ctx.body = file.content;
};

export default getFileContent;
