import { ApiError } from '../../protocols/errors.ts';
import { projectIdOf } from './_stats.ts';
import { MAX_FUNNELS, toFunnel } from '../../analytics/goals.ts';
import { insertFunnel } from '../../db/analytics/insertFunnel.ts';
import type { Handler } from '../types.ts';
import type { CreateFunnelData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<CreateFunnelData> = async (ctx, { body }) => {
  const row = await insertFunnel(ctx.state.deps.db, projectIdOf(ctx), { name: body.name.trim(), steps: body.steps }, MAX_FUNNELS);
  if (!row) throw new ApiError('conflict', `This project has ${MAX_FUNNELS} funnels already.`, { code: 'conflict' });
  ctx.status = 201;
  ctx.body = toFunnel(row);
};

export default handler;
