import { ApiError } from '../../protocols/errors.ts';
import { generateKey } from '../../analytics/keys.ts';
import { createProject } from '../../db/analytics/createProject.ts';
import { getProject } from '../../db/analytics/getProject.ts';
import { addMember } from '../../db/analytics/addMember.ts';
import { timingSafeEqual, createHash } from 'node:crypto';
import type { Handler } from '../types.ts';
import type { CreateProjectData } from '../../generated/analytics/types.gen.ts';

function inviteCodes(env: NodeJS.ProcessEnv): string[] {
  return (env.ANALYTICS_INVITE_CODES ?? '').split(',').map((c) => c.trim()).filter(Boolean);
}

function sameSecret(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

const handler: Handler<CreateProjectData> = async (ctx, { body }) => {
  const codes = inviteCodes(ctx.state.deps.env);
  if (codes.length === 0) {
    throw new ApiError('forbidden', 'No invite codes are configured on this server: set ANALYTICS_INVITE_CODES (comma-separated) and restart it.', { code: 'invalid_invite_code' });
  }
  if (!codes.some((c) => sameSecret(c, body.inviteCode))) {
    throw new ApiError('forbidden', 'The invite code is not valid (it must be one of ANALYTICS_INVITE_CODES).', { code: 'invalid_invite_code' });
  }
  const domains = [...new Set(body.domains.map((d) => d.trim().toLowerCase().replace(/\.$/, '')))];
  if (domains.some((d) => !d.includes('.') && d !== 'localhost')) {
    throw new ApiError('invalid_request', 'Each domain must be a hostname such as example.com.', { code: 'bad_request' });
  }
  // A wildcard over a bare top-level domain (*.com) would trust every site under it.
  if (domains.some((d) => d.startsWith('*.') && !d.slice(2).includes('.') && d !== '*.localhost')) {
    throw new ApiError('invalid_request', 'A wildcard domain covers the subdomains of a hostname such as *.example.com.', { code: 'bad_request' });
  }
  const live = generateKey('live');
  const created = await createProject(ctx.state.deps.db, {
    name: body.name.trim(),
    domains,
    allowLocalOrigins: body.allowLocalOrigins ?? false,
    retentionDays: body.retentionDays ?? 395,
    dailyEventCap: body.dailyEventCap ?? 100_000,
    liveKey: { prefix: live.prefix, hash: live.hash },
  });
  if ('claimed' in created) {
    throw new ApiError('conflict', `Domain ${created.claimed} is already claimed by another project.`, { code: 'conflict' });
  }
  // Signed in, the creator becomes the site's owner.
  const auth = ctx.state.auth as { kind?: string; accountId?: string } | undefined;
  if (auth?.kind === 'session') await addMember(ctx.state.deps.db, created.id, auth.accountId!, 'owner');
  ctx.status = 201;
  ctx.body = { apiKey: live.key, project: await getProject(ctx.state.deps.db, created.id) };
};

export default handler;
