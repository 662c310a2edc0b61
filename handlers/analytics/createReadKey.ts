import type { ApiContext } from '../types.ts';
import { projectIdOf } from './_stats.ts';
import { generateKey } from '../../analytics/keys.ts';
import { replaceReadKey } from '../../db/analytics/replaceReadKey.ts';

export default async function handler(ctx: ApiContext) {
  const key = generateKey('read');
  await replaceReadKey(ctx.state.deps.db, projectIdOf(ctx), { prefix: key.prefix, hash: key.hash });
  ctx.status = 201;
  ctx.body = { apiKey: key.key, keyPrefix: key.prefix };
}
