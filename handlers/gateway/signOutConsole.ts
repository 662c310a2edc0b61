import type { Handler } from '../types.ts';
import type { SignOutConsoleData } from '../../generated/gateway/types.gen.ts';
import { SESSION_COOKIE } from '../../core/console/service.ts';
import { ok } from './_context.ts';
import { consoleOf, needsSession, setCookie } from './_console.ts';

const signOutConsole: Handler<SignOutConsoleData> = async (ctx) => {
  const principal = needsSession(ctx);
  await consoleOf(ctx).signOut(ctx.cookies.get(SESSION_COOKIE)!);
  setCookie(ctx, SESSION_COOKIE, '', 0);
  ctx.state.log.info({ subject: principal.subject, email: principal.email }, 'console sign-out');
  ok(ctx, { signedOut: true });
};

export default signOutConsole;
