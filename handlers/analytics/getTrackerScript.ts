import { trackerAsset } from '../../analytics/tracker.ts';
import type { Handler } from '../types.ts';
import type { GetTrackerScriptData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetTrackerScriptData> = async (ctx, { query }) => {
  const { project } = query;
  trackerAsset([], project).send(ctx);
};

export default handler;
