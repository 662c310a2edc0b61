import type { Handler } from '../types.ts';
import type { SignInData } from '../../generated/analytics/types.gen.ts';
import { accountsOf, clientAddress, signedIn } from './_accounts.ts';

const signIn: Handler<SignInData> = async (ctx, { body }) => {
  const s = await accountsOf(ctx).signIn(body.email, body.password, clientAddress(ctx));
  ctx.state.log.info({ account: s.account.id }, 'analytics sign-in');
  ctx.body = await signedIn(ctx, s);
};

export default signIn;
