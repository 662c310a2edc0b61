// DELETE /v1/files/{file_id}: deletes a file of this key; batches already made from it go on.
import type { Handler } from '../types.ts';
import type { DeleteFileData } from '../../generated/compat/types.gen.ts';
import { deleteFile as removeFile } from '../../db/gateway/deleteFile.ts';
import { keyOf } from '../gatewayContext.ts';
import { fileNotFound } from './_files.ts';

const deleteFile: Handler<DeleteFileData> = async (ctx, { path }) => {
  if (!(await removeFile(ctx.state.deps.db, path.file_id, keyOf(ctx).keyId))) throw fileNotFound(path.file_id);
  ctx.body = { id: path.file_id, object: 'file', deleted: true };
};

export default deleteFile;
