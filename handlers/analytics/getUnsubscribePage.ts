import { confirmPage, PAGE_HEADERS } from '../../analytics/unsubscribe.ts';
import type { Handler } from '../types.ts';
import type { GetUnsubscribePageData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetUnsubscribePageData> = async (ctx, { path }) => {
  const { status, html } = await confirmPage(ctx.state.deps.db, path.token);
  ctx.set(PAGE_HEADERS);
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = html;
};

export default handler;
