import type { Handler } from '../types.ts';
import type { DetectZeroShotData } from '../../generated/gateway/types.gen.ts';
import { ApiError } from '../../protocols/errors.ts';
import { checkImage, requireInstalled, requireLocalVision } from '../../core/vision.ts';
import { builtinModel, ZERO_SHOT_MODEL } from '../../engines/vision/models.ts';
import { queueVision } from './_vision.ts';

const detectZeroShot: Handler<DetectZeroShotData> = async (ctx, { body: b }) => {
  const { env } = ctx.state.deps;
  requireLocalVision(env);
  const classes = b.prompt.split(',').map((p) => p.trim()).filter(Boolean);
  if (!classes.length) throw new ApiError('invalid_request', 'prompt names no classes: give comma-separated phrases such as "red helmet, safety vest"', { code: 'invalid_request', param: 'prompt' });
  if (classes.length > 50) throw new ApiError('invalid_request', `prompt names ${classes.length} classes; at most 50`, { code: 'invalid_request', param: 'prompt' });
  requireInstalled(builtinModel(ZERO_SHOT_MODEL)!, env);
  const { bytes } = await checkImage(b.image, env);
  await queueVision(ctx, { op: 'zero-shot', prompt: classes.join(', '), confidence: b.confidence ?? 0.1 }, bytes, { group: 'local-vision', model: ZERO_SHOT_MODEL });
};

export default detectZeroShot;
