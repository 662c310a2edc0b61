import type { Handler } from '../types.ts';
import { publicModels } from '../../pricing/catalogue.ts';
import { ok } from './_context.ts';
import type { ListPublicModelsData } from '../../generated/gateway/types.gen.ts';

// The catalogue keeps calendar dates; the contract publishes instants (midnight UTC).
const instant = (date: string) => new Date(date).toISOString();

const listPublicModels: Handler<ListPublicModelsData> = (ctx) => {
  const list = publicModels();
  ctx.set('cache-control', 'public, max-age=300');
  ok(ctx, {
    ...list,
    updatedAt: instant(list.updatedAt),
    models: list.models.map((m) => ({
      ...m,
      contextWindow: m.contextWindow || null,
      maxOutputTokens: m.maxOutputTokens || null,
      pricing: { ...m.pricing, effectiveFrom: instant(m.pricing.effectiveFrom) },
    })),
  });
};

export default listPublicModels;
