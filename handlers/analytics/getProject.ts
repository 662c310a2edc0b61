import type { ApiContext } from '../types.ts';
import { projectIdOf } from './_stats.ts';
import { getProject } from '../../db/analytics/getProject.ts';

export default async function handler(ctx: ApiContext) {
  ctx.body = await getProject(ctx.state.deps.db, projectIdOf(ctx));
}
