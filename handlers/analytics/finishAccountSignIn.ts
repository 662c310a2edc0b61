import type { Handler } from '../types.ts';
import type { FinishAccountSignInData } from '../../generated/analytics/types.gen.ts';
import { ApiError } from '../../protocols/errors.ts';
import { SESSION_COOKIE, SIGN_IN_COOKIE } from '../../analytics/accounts.ts';
import { accountsOf, originOf, setCookie } from './_accounts.ts';

// A browser navigation: the outcome is a redirect to the page, which says what went wrong from the fragment.
const finishAccountSignIn: Handler<FinishAccountSignInData> = async (ctx) => {
  const accounts = accountsOf(ctx);
  // The sign-in cookie has done its work, whatever the outcome.
  setCookie(ctx, SIGN_IN_COOKIE, '', 0);
  try {
    const signedIn = await accounts.finishOidc(originOf(ctx), ctx.querystring, ctx.cookies.get(SIGN_IN_COOKIE) || undefined);
    setCookie(ctx, SESSION_COOKIE, signedIn.token, signedIn.expiresAt.getTime() - Date.now());
    ctx.state.log.info({ account: signedIn.account.id }, 'analytics sign-in through the identity provider');
    ctx.redirect('/dashboard');
  } catch (err) {
    if (!(err instanceof ApiError) || err.kind === 'unavailable' || err.kind === 'not_found') throw err;
    ctx.state.log.warn({ code: err.code, err: err.cause ?? err.message }, 'analytics sign-in refused');
    ctx.redirect(`/dashboard#sign-in-error=${encodeURIComponent(err.code)}`);
  }
};

export default finishAccountSignIn;
