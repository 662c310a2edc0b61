import { ApiError } from '../../protocols/errors.ts';
import { projectIdOf } from './_stats.ts';
import { revokeSharedLink } from '../../db/analytics/revokeSharedLink.ts';
import type { Handler } from '../types.ts';
import type { DeleteSharedLinkData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<DeleteSharedLinkData> = async (ctx, { path }) => {
  const { linkId } = path;
  if (!(await revokeSharedLink(ctx.state.deps.db, projectIdOf(ctx), linkId))) throw new ApiError('not_found', 'Shared link not found.', { code: 'not_found' });
  ctx.status = 204;
};

export default handler;
