import type { Handler } from '../../server/types.ts';
import { ApiError } from '../../server/errors.ts';
import { deleteVisionModel as deleteModel } from '../../db/gateway/deleteVisionModel.ts';
import { builtinModel } from '../../engines/vision/models.ts';
import { callerOf, ok } from './_context.ts';

const deleteVisionModel: Handler = async (ctx) => {
  const modelId = ctx.state.op.request.params.modelId as string;
  if (builtinModel(modelId)) throw new ApiError('invalid_request', `${modelId} is a built-in model and cannot be deleted`, { code: 'builtin_model', param: 'modelId' });
  if (!(await deleteModel(ctx.state.deps.db, modelId, callerOf(ctx).keyId))) throw new ApiError('not_found', `No custom model ${modelId}`, { code: 'not_found' });
  ok(ctx, { modelId, deleted: true }, 200, 'Model deleted.');
};

export default deleteVisionModel;
