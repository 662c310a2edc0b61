import type { Handler } from '../types.ts';
import type { DetectObjectsData } from '../../generated/gateway/types.gen.ts';
import { checkImage, checkObjectModel, requireLocalVision } from '../../core/vision.ts';
import { DEFAULT_OBJECT_MODEL } from '../../engines/vision/models.ts';
import { keyOf } from '../gatewayContext.ts';
import { queueVision } from './_vision.ts';

const detectObjects: Handler<DetectObjectsData> = async (ctx, { body: b }) => {
  const { db, env } = ctx.state.deps;
  requireLocalVision(env);
  const model = b.model ?? DEFAULT_OBJECT_MODEL;
  await checkObjectModel(db, model, keyOf(ctx).keyId, env);
  const { bytes } = await checkImage(b.image, env);
  await queueVision(ctx, { op: 'objects', model, confidence: b.confidence ?? 0.25 }, bytes, { group: 'local-vision', model });
};

export default detectObjects;
