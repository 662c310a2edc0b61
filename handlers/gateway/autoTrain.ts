import type { Handler } from '../types.ts';
import type { AutoTrainData } from '../../generated/gateway/types.gen.ts';
import { requireLocalVision } from '../../core/vision.ts';
import { labelImages } from '../../core/visionLabelling.ts';
import { startTraining } from '../../core/visionTraining.ts';
import { keyOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';

const autoTrain: Handler<AutoTrainData> = async (ctx, { body: b }) => {
  const { db, env, boss } = ctx.state.deps;
  requireLocalVision(env);
  const labelled = await labelImages(b.images, b.classes, b.confidence, env);
  const without = labelled.stats.imagesWithoutDetections;
  const response = await startTraining(db, boss as never, env, {
    keyId: keyOf(ctx).keyId,
    zip: labelled.zip,
    baseModel: b.baseModel,
    classes: b.classes,
    imageSize: 640,
    name: b.name,
    warnings: without ? [`${without} image(s) had no detections at confidence ${b.confidence} and were kept as background images`] : [],
  });
  ok(ctx, response);
};

export default autoTrain;
