import type { ApiContext } from '../../server/types.ts';
import { projectIdOf } from '../../analytics/statsQuery.ts';
import { toGoal } from '../../analytics/goals.ts';
import { listGoals } from '../../db/analytics/listGoals.ts';

export default async function handler(ctx: ApiContext) {
  ctx.body = { goals: (await listGoals(ctx.state.deps.db, projectIdOf(ctx))).map(toGoal) };
}
