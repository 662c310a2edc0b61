import type { Handler } from '../../server/types.ts';
import type { TrainingRequest } from '../../generated/gateway/types.gen.ts';
import { requireLocalVision } from '../../core/vision.ts';
import { datasetBytes, startTraining } from '../../core/visionTraining.ts';
import { body, callerOf, ok } from './_context.ts';

const trainVisionModel: Handler = async (ctx) => {
  const b = body<TrainingRequest>(ctx);
  const { db, env, boss } = ctx.state.deps;
  requireLocalVision(env);
  const response = await startTraining(db, boss as never, env, {
    keyId: callerOf(ctx).keyId,
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
