import { ApiError } from '../../protocols/errors.ts';
import type { ApiContext } from '../../handlers/types.ts';
import { projectIdOf } from './_stats.ts';
import { deleteFunnel } from '../../db/analytics/deleteFunnel.ts';

export default async function handler(ctx: ApiContext) {
  const { funnelId } = ctx.state.op.request.params as { funnelId: string };
  if (!(await deleteFunnel(ctx.state.deps.db, projectIdOf(ctx), funnelId))) throw new ApiError('not_found', 'Funnel not found.', { code: 'not_found' });
  ctx.status = 204;
}
