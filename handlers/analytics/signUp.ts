import type { Handler } from '../types.ts';
import type { SignUpData } from '../../generated/analytics/types.gen.ts';
import { accountsOf, signedIn } from './_accounts.ts';

const signUp: Handler<SignUpData> = async (ctx, { body }) => {
  const s = await accountsOf(ctx).signUp(body.email, body.password, body.name ?? null);
  ctx.state.log.info({ account: s.account.id }, 'analytics sign-up');
  ctx.status = 201;
  ctx.body = await signedIn(ctx, s);
};

export default signUp;
