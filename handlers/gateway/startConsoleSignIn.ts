import type { Handler } from '../types.ts';
import type { StartConsoleSignInData } from '../../generated/gateway/types.gen.ts';
import { SIGN_IN_COOKIE } from '../../core/console/service.ts';
import { consoleOf, originOf, setCookie } from './_console.ts';

const startConsoleSignIn: Handler<StartConsoleSignInData> = async (ctx) => {
  const { url, state } = await consoleOf(ctx).beginSignIn(originOf(ctx));
  setCookie(ctx, SIGN_IN_COOKIE, state, 600);
  ctx.set('Cache-Control', 'no-store');
  ctx.redirect(url);
};

export default startConsoleSignIn;
