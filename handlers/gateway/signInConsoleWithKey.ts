import type { Handler } from '../types.ts';
import type { SignInConsoleWithKeyData } from '../../generated/gateway/types.gen.ts';
import { SESSION_COOKIE } from '../../core/console/service.ts';
import { ok } from './_context.ts';
import { consoleOf, setCookie, signedInBody } from './_console.ts';

const signInConsoleWithKey: Handler<SignInConsoleWithKeyData> = async (ctx, { body }) => {
  const key = await ctx.state.deps.gatewayAuth!.authenticate({ authorization: `Bearer ${body.key}` });
  const signedIn = await consoleOf(ctx).signInWithKey(key);
  setCookie(ctx, SESSION_COOKIE, signedIn.token, consoleOf(ctx).settings.sessionMs / 1000);
  ctx.set('Cache-Control', 'no-store');
  ok(ctx, signedInBody(signedIn, key?.teamId));
};

export default signInConsoleWithKey;
