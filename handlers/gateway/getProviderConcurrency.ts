import type { Handler } from '../types.ts';
import type { ProviderId } from '../../protocols/canonical.ts';
import { concurrency } from '../../core/concurrency.ts';
import { ok, runtimeOf } from './_context.ts';

const getProviderConcurrency: Handler = async (ctx) => {
  const provider = ctx.state.op.request.params.provider as ProviderId;
  const all = await concurrency(ctx.state.deps.db, runtimeOf(ctx));
  ok(ctx, { provider, ...all[provider] });
};

export default getProviderConcurrency;
