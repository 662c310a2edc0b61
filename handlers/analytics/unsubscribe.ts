import { PAGE_HEADERS, unsubscribeByToken } from '../../analytics/unsubscribe.ts';
import { ApiError } from '../../protocols/errors.ts';
import type { Handler } from '../types.ts';
import type { UnsubscribeData } from '../../generated/analytics/types.gen.ts';

// The form body (List-Unsubscribe=One-Click) says nothing the token does not: it is not read.
const handler: Handler<UnsubscribeData> = async (ctx, { path }) => {
  const { status, html } = await unsubscribeByToken(ctx.state.deps.db, path.token);
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
