import type { Handler } from '../types.ts';
import type { ProviderId } from '../../protocols/canonical.ts';
import { modelsOf } from '../../core/discovery.ts';
import { toApiError } from '../../core/completion.ts';
import { ok } from './_context.ts';

const listModels: Handler = async (ctx) => {
  const provider = ctx.state.op.request.query.provider as ProviderId;
  try {
    ok(ctx, { provider, models: await modelsOf(provider) });
  } catch (err) {
    // A local runtime that is down is the provider's failure, named as such.
    throw toApiError(err);
  }
};

export default listModels;
