// GET /v1/files/{file_id}: a file's record, for its key only.
import type { Handler } from '../types.ts';
import type { GetFileData } from '../../generated/compat/types.gen.ts';
import { getFile as findFile } from '../../db/gateway/getFile.ts';
import { keyOf } from '../gatewayContext.ts';
import { fileNotFound, toFileObject } from './_files.ts';

const getFile: Handler<GetFileData> = async (ctx, { path }) => {
  const row = await findFile(ctx.state.deps.db, path.file_id, keyOf(ctx).keyId);
  if (!row) throw fileNotFound(path.file_id);
  ctx.body = toFileObject(row);
};

export default getFile;
