import { ApiError } from '../../protocols/errors.ts';
import type { ApiContext } from '../../handlers/types.ts';
import { projectIdOf } from './_stats.ts';
import { MAX_FUNNELS, toFunnel } from '../../analytics/goals.ts';
import { insertFunnel } from '../../db/analytics/insertFunnel.ts';

export default async function handler(ctx: ApiContext) {
  const body = ctx.state.op.request.requestBody as { name: string; steps: { event?: string; page?: string }[] };
  const row = await insertFunnel(ctx.state.deps.db, projectIdOf(ctx), { name: body.name.trim(), steps: body.steps }, MAX_FUNNELS);
  if (!row) throw new ApiError('conflict', `This project has ${MAX_FUNNELS} funnels already.`, { code: 'conflict' });
  ctx.status = 201;
  ctx.body = toFunnel(row);
}
