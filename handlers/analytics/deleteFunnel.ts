import { ApiError } from '../../protocols/errors.ts';
import { projectIdOf } from './_stats.ts';
import { deleteFunnel } from '../../db/analytics/deleteFunnel.ts';
import type { Handler } from '../types.ts';
import type { DeleteFunnelData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<DeleteFunnelData> = async (ctx, { path }) => {
  const { funnelId } = path;
  if (!(await deleteFunnel(ctx.state.deps.db, projectIdOf(ctx), funnelId))) throw new ApiError('not_found', 'Funnel not found.', { code: 'not_found' });
  ctx.status = 204;
};

export default handler;
