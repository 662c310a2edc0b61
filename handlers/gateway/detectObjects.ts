import type { Handler } from '../../server/types.ts';
import type { ObjectDetectionRequest } from '../../generated/gateway/types.gen.ts';
import { checkImage, checkObjectModel, requireLocalVision } from '../../core/vision.ts';
import { DEFAULT_OBJECT_MODEL } from '../../engines/vision/models.ts';
import { body, callerOf } from './_context.ts';
import { queueVision } from './_vision.ts';

const detectObjects: Handler = async (ctx) => {
  const b = body<ObjectDetectionRequest>(ctx);
  const { db, env } = ctx.state.deps;
  requireLocalVision(env);
  const model = b.model ?? DEFAULT_OBJECT_MODEL;
  await checkObjectModel(db, model, callerOf(ctx).keyId, env);
  await checkImage(b.image, env);
  await queueVision(ctx, { op: 'objects', image: b.image, model, confidence: b.confidence ?? 0.25 }, { group: 'local-vision', model });
};

export default detectObjects;
