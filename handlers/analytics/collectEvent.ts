import { collectBeacon } from './_shared.ts';
import type { Handler } from '../types.ts';
import type { CollectEventData } from '../../generated/analytics/types.gen.ts';

// The beacon arrives as text/plain or application/json; either way the body
// was read as JSON and validated as CollectPayload before this runs.
const handler: Handler<CollectEventData> = async (ctx, { body }) => {
  await collectBeacon(ctx, body);
};

export default handler;
