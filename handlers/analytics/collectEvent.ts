import { collect } from '../../analytics/collect.ts';
import type { Handler } from '../types.ts';
import type { CollectEventData } from '../../generated/analytics/types.gen.ts';

// Normally answered by analytics/collect.ts's fast path before routing; this
// binding serves any request that reaches the router (e.g. other content types).
const handler: Handler<CollectEventData> = async (ctx, { body }) => {
  await collect(ctx, body);
};

export default handler;
