import type { Handler } from '../types.ts';
import type { DetectFacesData } from '../../generated/gateway/types.gen.ts';
import { checkImage, requireInstalled, requireLocalVision } from '../../core/vision.ts';
import { builtinModel, DEFAULT_FACE_MODEL } from '../../engines/vision/models.ts';
import { queueVision } from './_vision.ts';

const detectFaces: Handler<DetectFacesData> = async (ctx, { body: b }) => {
  const { env } = ctx.state.deps;
  requireLocalVision(env);
  const model = b.model ?? DEFAULT_FACE_MODEL;
  requireInstalled(builtinModel(model)!, env);
  const { bytes } = await checkImage(b.image, env);
  await queueVision(
    ctx,
    { op: 'faces', model, confidence: b.confidence ?? 0.5, blur: b.blur ?? false, blurStrength: b.blurStrength ?? 51 },
    bytes,
    { group: 'local-vision', model },
  );
};

export default detectFaces;
