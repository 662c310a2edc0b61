import type { Handler } from '../types.ts';
import type { DeleteVisionModelData } from '../../generated/gateway/types.gen.ts';
import { ApiError } from '../../protocols/errors.ts';
import { deleteVisionModel as deleteModel } from '../../db/gateway/deleteVisionModel.ts';
import { builtinModel } from '../../engines/vision/models.ts';
import { keyOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';

const deleteVisionModel: Handler<DeleteVisionModelData> = async (ctx, { path }) => {
  const modelId = path.modelId;
  if (builtinModel(modelId)) throw new ApiError('invalid_request', `${modelId} is a built-in model and cannot be deleted`, { code: 'builtin_model', param: 'modelId' });
  if (!(await deleteModel(ctx.state.deps.db, modelId, keyOf(ctx).keyId))) throw new ApiError('not_found', `No custom model ${modelId}`, { code: 'not_found' });
  ok(ctx, { modelId, deleted: true }, 200, 'Model deleted.');
};

export default deleteVisionModel;
