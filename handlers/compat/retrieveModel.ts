// GET /v1/models/{model_id}: one model of GET /v1/models, in the caller's protocol shape.
import type { Handler } from '../types.ts';
import { isProviderId } from '../../protocols/canonical.ts';
import { ApiError } from '../../protocols/errors.ts';
import { toAnthropicModel, toOpenAiModel, wantsAnthropicShape } from '../../protocols/models.ts';
import { compatModels } from '../../core/discovery.ts';
import type { RetrieveModelData } from '../../generated/compat/types.gen.ts';

const retrieveModel: Handler<RetrieveModelData> = async (ctx, { path }) => {
  const id = path.model_id;
  const provider = id.slice(0, id.indexOf('/'));
  const model = isProviderId(provider) ? (await compatModels(provider)).find((m) => m.id === id) : undefined;
  if (!model) throw new ApiError('not_found', `Model '${id}' is not available; GET /v1/models lists those that are.`, { code: 'model_not_found', param: 'model_id' });
  ctx.body = wantsAnthropicShape(ctx.headers) ? toAnthropicModel(model) : toOpenAiModel(model);
};

export default retrieveModel;
