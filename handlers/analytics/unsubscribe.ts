import { PAGE_HEADERS, unsubscribeByToken } from '../../analytics/unsubscribe.ts';
import type { Handler } from '../types.ts';
import type { UnsubscribeData } from '../../generated/analytics/types.gen.ts';

// The form body (List-Unsubscribe=One-Click) says nothing the token does not: it is not read.
const handler: Handler<UnsubscribeData> = async (ctx, { path }) => {
  const { status, html } = await unsubscribeByToken(ctx.state.deps.db, path.token);
  ctx.set(PAGE_HEADERS);
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = html;
};

export default handler;
