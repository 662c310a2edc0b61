import type { Handler } from '../types.ts';
import type { FinishConsoleSignInData } from '../../generated/gateway/types.gen.ts';
import { ApiError } from '../../protocols/errors.ts';
import { SESSION_COOKIE, SIGN_IN_COOKIE } from '../../core/console/service.ts';
import { consoleOf, originOf, setCookie } from './_console.ts';

// A browser navigation: the outcome is a redirect to the page, which says what went wrong from the fragment.
const finishConsoleSignIn: Handler<FinishConsoleSignInData> = async (ctx) => {
  const service = consoleOf(ctx);
  ctx.set('Cache-Control', 'no-store');
  // The sign-in cookie has done its work, whatever the outcome.
  setCookie(ctx, SIGN_IN_COOKIE, '', 0);
  try {
    const signedIn = await service.finishSignIn(originOf(ctx), ctx.querystring, ctx.cookies.get(SIGN_IN_COOKIE) || undefined);
    setCookie(ctx, SESSION_COOKIE, signedIn.token, service.settings.sessionMs / 1000);
    ctx.state.log.info({ subject: signedIn.principal.subject, email: signedIn.principal.email, role: signedIn.principal.role }, 'console sign-in');
    ctx.redirect('/console');
  } catch (err) {
    if (!(err instanceof ApiError) || err.kind === 'unavailable' || err.kind === 'not_found') throw err;
    ctx.state.log.warn({ code: err.code, err: err.cause ?? err.message }, 'console sign-in refused');
    ctx.redirect(`/console#sign-in-error=${encodeURIComponent(err.code)}`);
  }
};

export default finishConsoleSignIn;
