import { confirmPage, PAGE_HEADERS } from '../../analytics/unsubscribe.ts';
import { ApiError } from '../../protocols/errors.ts';
import type { Handler } from '../types.ts';
import type { GetUnsubscribePageData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetUnsubscribePageData> = async (ctx, { path }) => {
  const { status, html } = await confirmPage(ctx.state.deps.db, path.token);
  // A browser (the mail's link) reads a page; any other client reads the surface's JSON error.
  if (status !== 200 && ctx.accepts('json', 'html') !== 'html') {
    throw new ApiError('not_found', 'This unsubscribe link is not known; it may belong to a subscription that was removed.');
  }
  ctx.set(PAGE_HEADERS);
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = html;
};

export default handler;
