import { confirmPage } from '../../analytics/unsubscribe.ts';
import { answerPage } from './_unsubscribe.ts';
import type { Handler } from '../types.ts';
import type { GetUnsubscribePageData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetUnsubscribePageData> = async (ctx, { path }) => {
  answerPage(ctx, await confirmPage(ctx.state.deps.db, path.token));
};

export default handler;
