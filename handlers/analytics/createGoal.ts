import { ApiError } from '../../protocols/errors.ts';
import { projectIdOf } from './_stats.ts';
import { MAX_GOALS, toGoal } from '../../analytics/goals.ts';
import { insertGoal } from '../../db/analytics/insertGoal.ts';
import type { Handler } from '../types.ts';
import type { CreateGoalData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<CreateGoalData> = async (ctx, { body }) => {
  const displayName = body.displayName ?? (body.event ?? `Visit ${body.page}`);
  const row = await insertGoal(ctx.state.deps.db, projectIdOf(ctx), { event: body.event ?? null, page: body.page ?? null, displayName }, MAX_GOALS);
  if (!row) throw new ApiError('conflict', `This goal exists already, or the project has ${MAX_GOALS} goals.`, { code: 'conflict' });
  ctx.status = 201;
  ctx.body = toGoal(row);
};

export default handler;
