import { ApiError } from '../../protocols/errors.ts';
import { projectIdOf } from './_stats.ts';
import { generateKey } from '../../analytics/keys.ts';
import { MAX_SHARED_LINKS, toSharedLink } from '../../analytics/goals.ts';
import { insertSharedLink } from '../../db/analytics/insertSharedLink.ts';
import { hashPassword } from '../../analytics/passwords.ts';
import { accountsOf } from './_accounts.ts';
import type { Handler } from '../types.ts';
import type { CreateSharedLinkData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<CreateSharedLinkData> = async (ctx, { body }) => {
  const expiresAt = body?.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw new ApiError('invalid_request', 'expiresAt must be in the future', { code: 'bad_request', param: 'expiresAt' });
  const passwordHash = body?.password ? await hashPassword(body.password, accountsOf(ctx).settings.scrypt) : null;
  const token = generateKey('share');
  const row = await insertSharedLink(ctx.state.deps.db, projectIdOf(ctx), { prefix: token.prefix, hash: token.hash, label: body?.label ?? null, expiresAt, passwordHash }, MAX_SHARED_LINKS);
  if (!row) throw new ApiError('conflict', `This project has ${MAX_SHARED_LINKS} shared links already; revoke one first.`, { code: 'conflict' });
  ctx.status = 201;
  ctx.body = { ...toSharedLink(row), token: token.key, url: `${ctx.protocol}://${ctx.host}/dashboard#share=${token.key}` };
};

export default handler;
