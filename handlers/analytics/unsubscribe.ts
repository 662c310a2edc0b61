import { unsubscribeByToken } from '../../analytics/unsubscribe.ts';
import { answerPage } from './_unsubscribe.ts';
import type { Handler } from '../types.ts';
import type { UnsubscribeData } from '../../generated/analytics/types.gen.ts';

// The form body (List-Unsubscribe=One-Click) says nothing the token does not: it is not read.
const handler: Handler<UnsubscribeData> = async (ctx, { path }) => {
  answerPage(ctx, await unsubscribeByToken(ctx.state.deps.db, path.token));
};

export default handler;
