import type { ApiContext } from '../types.ts';
import { collect } from '../../analytics/collect.ts';

// Normally answered by analytics/collect.ts's fast path before routing; this
// binding serves any request that reaches the router (e.g. other content types).
export default async function handler(ctx: ApiContext) {
  await collect(ctx, ctx.state.op.request.requestBody);
}
