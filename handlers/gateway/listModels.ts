import type { Handler } from '../types.ts';
import { modelsOf } from '../../core/discovery.ts';
import { toApiError } from '../../core/errors.ts';
import { ok } from './_context.ts';
import type { ListModelsData } from '../../generated/gateway/types.gen.ts';

const listModels: Handler<ListModelsData> = async (ctx, { query }) => {
  const { provider } = query;
  try {
    ok(ctx, { provider, models: await modelsOf(provider) });
  } catch (err) {
    // A local runtime that is down is the provider's failure, named as such.
    throw toApiError(err);
  }
};

export default listModels;
