import { ApiError } from '../../protocols/errors.ts';
import type { ApiContext } from '../../handlers/types.ts';
import { projectIdOf } from './_stats.ts';
import { generateKey } from '../../analytics/keys.ts';
import { MAX_SHARED_LINKS, toSharedLink } from '../../analytics/goals.ts';
import { insertSharedLink } from '../../db/analytics/insertSharedLink.ts';

export default async function handler(ctx: ApiContext) {
  const body = (ctx.state.op.request.requestBody ?? {}) as { label?: string };
  const token = generateKey('share');
  const row = await insertSharedLink(ctx.state.deps.db, projectIdOf(ctx), { prefix: token.prefix, hash: token.hash, label: body.label ?? null }, MAX_SHARED_LINKS);
  if (!row) throw new ApiError('conflict', `This project has ${MAX_SHARED_LINKS} shared links already; revoke one first.`, { code: 'conflict' });
  ctx.status = 201;
  ctx.body = { ...toSharedLink(row), token: token.key, url: `${ctx.protocol}://${ctx.host}/dashboard#share=${token.key}` };
}
