import { collectBeacon } from './_shared.ts';
import type { Handler } from '../types.ts';
import type { CollectEventData } from '../../generated/analytics/types.gen.ts';

// Normally answered by the surface's fast path before routing
// (server/surfaces/analytics/collect.ts); this binding serves any request that
// reaches the router (e.g. other content types).
const handler: Handler<CollectEventData> = async (ctx, { body }) => {
  await collectBeacon(ctx, body);
};

export default handler;
