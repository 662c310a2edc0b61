import type { ApiContext } from '../types.ts';
import { trackerScript } from '../../analytics/tracker.ts';

export default async function handler(ctx: ApiContext) {
  const { project } = ctx.state.op.request.query as { project?: string };
  ctx.type = 'text/javascript; charset=utf-8';
  ctx.set('Cache-Control', 'public, max-age=3600');
  ctx.body = trackerScript(project);
}
