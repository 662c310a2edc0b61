import type { ApiContext } from '../../handlers/types.ts';
import { projectIdOf } from './_stats.ts';
import { toGoal } from '../../analytics/goals.ts';
import { listGoals } from '../../db/analytics/listGoals.ts';

export default async function handler(ctx: ApiContext) {
  ctx.body = { goals: (await listGoals(ctx.state.deps.db, projectIdOf(ctx))).map(toGoal) };
}
