import type { Handler } from '../../server/types.ts';
import { publicModels } from '../../pricing/catalogue.ts';
import { ok } from './_context.ts';

const listPublicModels: Handler = (ctx) => {
  ctx.set('cache-control', 'public, max-age=300');
  ok(ctx, publicModels());
};

export default listPublicModels;
