import { ApiError } from '../../protocols/errors.ts';
import type { ApiContext } from '../../handlers/types.ts';
import { projectIdOf } from './_stats.ts';
import { deleteGoal } from '../../db/analytics/deleteGoal.ts';

export default async function handler(ctx: ApiContext) {
  const { goalId } = ctx.state.op.request.params as { goalId: string };
  if (!(await deleteGoal(ctx.state.deps.db, projectIdOf(ctx), goalId))) throw new ApiError('not_found', 'Goal not found.', { code: 'not_found' });
  ctx.status = 204;
}
