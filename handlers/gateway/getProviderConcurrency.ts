import type { Handler } from '../types.ts';
import { concurrency } from '../../core/concurrency.ts';
import { runtimeOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';
import type { GetProviderConcurrencyData } from '../../generated/gateway/types.gen.ts';

const getProviderConcurrency: Handler<GetProviderConcurrencyData> = async (ctx, { path }) => {
  const { provider } = path;
  const all = await concurrency(ctx.state.deps.db, runtimeOf(ctx));
  ok(ctx, { provider, ...all[provider] });
};

export default getProviderConcurrency;
