import { projectIdOf } from './_stats.ts';
import { generateKey } from '../../analytics/keys.ts';
import { replaceReadKey } from '../../db/analytics/replaceReadKey.ts';
import type { Handler } from '../types.ts';
import type { CreateReadKeyData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<CreateReadKeyData> = async (ctx) => {
  const key = generateKey('read');
  await replaceReadKey(ctx.state.deps.db, projectIdOf(ctx), { prefix: key.prefix, hash: key.hash });
  ctx.status = 201;
  ctx.body = { apiKey: key.key, keyPrefix: key.prefix };
};

export default handler;
