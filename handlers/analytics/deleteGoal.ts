import { ApiError } from '../../protocols/errors.ts';
import { projectIdOf } from './_stats.ts';
import { deleteGoal } from '../../db/analytics/deleteGoal.ts';
import type { Handler } from '../types.ts';
import type { DeleteGoalData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<DeleteGoalData> = async (ctx, { path }) => {
  const { goalId } = path;
  if (!(await deleteGoal(ctx.state.deps.db, projectIdOf(ctx), goalId))) throw new ApiError('not_found', 'Goal not found.', { code: 'not_found' });
  ctx.status = 204;
};

export default handler;
