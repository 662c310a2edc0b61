import type { Handler } from '../types.ts';
import type { AutoLabelData } from '../../generated/gateway/types.gen.ts';
import { requireLocalVision } from '../../core/vision.ts';
import { labelImages } from '../../core/visionLabelling.ts';
import { ok } from './_context.ts';

// Not queued (document 2): the labelled dataset is the answer.
const autoLabel: Handler<AutoLabelData> = async (ctx, { body: b }) => {
  const { env } = ctx.state.deps;
  requireLocalVision(env);
  const labelled = await labelImages(b.images, b.classes, b.confidence, env);
  ok(ctx, { datasetB64: Buffer.from(labelled.zip).toString('base64'), format: 'yolo-zip', stats: labelled.stats, processingTimeMs: labelled.processingTimeMs });
};

export default autoLabel;
