import type { Handler } from '../types.ts';
import type { PreviewInvitationData } from '../../generated/analytics/types.gen.ts';
import { accountsOf } from './_accounts.ts';

const previewInvitation: Handler<PreviewInvitationData> = async (ctx, { body }) => {
  const inv = await accountsOf(ctx).invitation(body.token);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { siteName: inv.project_name, role: inv.role, email: inv.email, hasAccount: inv.has_account, expiresAt: inv.expires_at.toISOString() };
};

export default previewInvitation;
