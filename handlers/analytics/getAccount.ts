import type { Handler } from '../types.ts';
import type { GetAccountData } from '../../generated/analytics/types.gen.ts';
import { SESSION_COOKIE, type SessionAuth } from '../../analytics/accounts.ts';
import { sessionBody } from './_accounts.ts';

const getAccount: Handler<GetAccountData> = async (ctx) => {
  const auth = ctx.state.auth as SessionAuth;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await sessionBody(ctx, ctx.cookies.get(SESSION_COOKIE)!, { id: auth.accountId, email: auth.email, name: auth.name }, auth.sessionExpiresAt);
};

export default getAccount;
