import type { Handler } from '../types.ts';
import type { AcceptInvitationData } from '../../generated/analytics/types.gen.ts';
import type { SessionAuth } from '../../analytics/accounts.ts';
import { accountsOf, signedIn } from './_accounts.ts';

const acceptInvitation: Handler<AcceptInvitationData> = async (ctx, { body }) => {
  const auth = ctx.state.auth as SessionAuth | undefined;
  const session = auth ? { accountId: auth.accountId, email: auth.email, name: auth.name, expiresAt: auth.sessionExpiresAt } : null;
  const accepted = await accountsOf(ctx).accept(body.token, session, body.password, body.name ?? null);
  ctx.state.log.info({ site: accepted.projectId, role: accepted.role, account: auth?.accountId ?? accepted.signedIn?.account.id }, 'analytics invitation accepted');
  ctx.body = { siteId: accepted.projectId, role: accepted.role, ...(accepted.signedIn ? { session: await signedIn(ctx, accepted.signedIn) } : {}) };
};

export default acceptInvitation;
