import { ApiError } from '../../protocols/errors.ts';
import type { ApiContext } from '../../handlers/types.ts';
import { projectIdOf } from './_stats.ts';
import { revokeSharedLink } from '../../db/analytics/revokeSharedLink.ts';

export default async function handler(ctx: ApiContext) {
  const { linkId } = ctx.state.op.request.params as { linkId: string };
  if (!(await revokeSharedLink(ctx.state.deps.db, projectIdOf(ctx), linkId))) throw new ApiError('not_found', 'Shared link not found.', { code: 'not_found' });
  ctx.status = 204;
}
