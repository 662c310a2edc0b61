import { PAGE_HEADERS } from '../../analytics/unsubscribe.ts';
import { ApiError } from '../../protocols/errors.ts';
import type { ApiContext } from '../types.ts';

/**
 * The unsubscribe routes' answer: the page for a browser (the mail's link);
 * for any other client an unknown token is the surface's JSON error.
 */
export function answerPage(ctx: ApiContext, { status, html }: { status: number; html: string }): void {
  if (status !== 200 && ctx.accepts('json', 'html') !== 'html') {
    throw new ApiError('not_found', 'This unsubscribe link is not known; it may belong to a subscription that was removed.');
  }
  ctx.set(PAGE_HEADERS);
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = html;
}
