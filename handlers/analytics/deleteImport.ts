import { ApiError } from '../../protocols/errors.ts';
import { projectIdOf } from './_stats.ts';
import { deleteImport } from '../../db/analytics/deleteImport.ts';
import type { Handler } from '../types.ts';
import type { DeleteImportData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<DeleteImportData> = async (ctx, { path }) => {
  if (!(await deleteImport(ctx.state.deps.db, projectIdOf(ctx), path.importId))) throw new ApiError('not_found', 'Import not found.', { code: 'not_found' });
  ctx.status = 204;
};

export default handler;
