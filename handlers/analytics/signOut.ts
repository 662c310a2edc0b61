import type { Handler } from '../types.ts';
import type { SignOutData } from '../../generated/analytics/types.gen.ts';
import { SESSION_COOKIE } from '../../analytics/accounts.ts';
import { accountsOf, setSessionCookie } from './_accounts.ts';

const signOut: Handler<SignOutData> = async (ctx) => {
  await accountsOf(ctx).signOut(ctx.cookies.get(SESSION_COOKIE)!);
  setSessionCookie(ctx, '', 0);
  ctx.body = { signedOut: true };
};

export default signOut;
