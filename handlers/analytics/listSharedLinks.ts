import type { ApiContext } from '../../handlers/types.ts';
import { projectIdOf } from './_stats.ts';
import { toSharedLink } from '../../analytics/goals.ts';
import { listSharedLinks } from '../../db/analytics/listSharedLinks.ts';

export default async function handler(ctx: ApiContext) {
  ctx.body = { links: (await listSharedLinks(ctx.state.deps.db, projectIdOf(ctx))).map(toSharedLink) };
}
