import type { Handler } from '../types.ts';
import type { TrainVisionModelData } from '../../generated/gateway/types.gen.ts';
import { requireLocalVision } from '../../core/vision.ts';
import { datasetBytes, startTraining } from '../../core/visionTraining.ts';
import { keyOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';

const trainVisionModel: Handler<TrainVisionModelData> = async (ctx, { body: b }) => {
  const { db, env, boss } = ctx.state.deps;
  requireLocalVision(env);
  const response = await startTraining(db, boss as never, env, {
    keyId: keyOf(ctx).keyId,
    zip: datasetBytes(b.datasetB64),
    baseModel: b.baseModel,
    classes: b.classes,
    imageSize: b.imageSize,
    epochs: b.epochs,
    name: b.name,
  });
  ok(ctx, response);
};

export default trainVisionModel;
