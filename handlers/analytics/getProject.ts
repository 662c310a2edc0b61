import { projectIdOf } from './_stats.ts';
import { getProject } from '../../db/analytics/getProject.ts';
import { viewerSections } from '../../analytics/accounts.ts';
import type { AnalyticsAuth } from '../../analytics/keys.ts';
import type { Handler } from '../types.ts';
import type { GetProjectData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetProjectData> = async (ctx) => {
  const project = await getProject(ctx.state.deps.db, projectIdOf(ctx));
  const hidden = viewerSections(ctx.state.auth as AnalyticsAuth | undefined);
  // Viewers (and shared links) have no business with keys; they learn what is hidden from them instead.
  if (project && hidden) {
    const { keyPrefix: _live, readKeyPrefix: _read, ...rest } = project;
    ctx.body = { ...rest, hiddenSections: hidden };
    return;
  }
  ctx.body = project;
};

export default handler;
