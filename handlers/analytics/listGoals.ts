import { projectIdOf } from './_stats.ts';
import { toGoal } from '../../analytics/goals.ts';
import { listGoals } from '../../db/analytics/listGoals.ts';
import type { Handler } from '../types.ts';
import type { ListGoalsData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<ListGoalsData> = async (ctx) => {
  ctx.body = { goals: (await listGoals(ctx.state.deps.db, projectIdOf(ctx))).map(toGoal) };
};

export default handler;
