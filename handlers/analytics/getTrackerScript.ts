import type { ApiContext } from '../../handlers/types.ts';
import { trackerAsset } from '../../analytics/tracker.ts';

export default async function handler(ctx: ApiContext) {
  const { project } = ctx.state.op.request.query as { project?: string };
  trackerAsset([], project).send(ctx);
}
