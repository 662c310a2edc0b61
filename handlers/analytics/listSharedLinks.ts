import { projectIdOf } from './_stats.ts';
import { toSharedLink } from '../../analytics/goals.ts';
import { listSharedLinks } from '../../db/analytics/listSharedLinks.ts';
import type { Handler } from '../types.ts';
import type { ListSharedLinksData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<ListSharedLinksData> = async (ctx) => {
  ctx.body = { links: (await listSharedLinks(ctx.state.deps.db, projectIdOf(ctx))).map(toSharedLink) };
};

export default handler;
