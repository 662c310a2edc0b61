import { projectIdOf } from './_stats.ts';
import { getProject } from '../../db/analytics/getProject.ts';
import type { Handler } from '../types.ts';
import type { GetProjectData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetProjectData> = async (ctx) => {
  ctx.body = await getProject(ctx.state.deps.db, projectIdOf(ctx));
};

export default handler;
