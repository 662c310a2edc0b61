import type { Handler } from '../types.ts';
import type { StartAccountSignInData } from '../../generated/analytics/types.gen.ts';
import { SIGN_IN_COOKIE } from '../../analytics/accounts.ts';
import { accountsOf, originOf, setCookie } from './_accounts.ts';

const startAccountSignIn: Handler<StartAccountSignInData> = async (ctx) => {
  const { url, state } = await accountsOf(ctx).beginOidc(originOf(ctx));
  setCookie(ctx, SIGN_IN_COOKIE, state, 600_000);
  ctx.redirect(url);
};

export default startAccountSignIn;
