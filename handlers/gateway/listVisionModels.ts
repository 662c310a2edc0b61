import type { Handler } from '../types.ts';
import type { ListVisionModelsData, VisionModel } from '../../generated/gateway/types.gen.ts';
import { listVisionModels as listCustom } from '../../db/gateway/listVisionModels.ts';
import { BUILTIN_MODELS, missingFiles } from '../../engines/vision/models.ts';
import { COCO_CLASSES } from '../../engines/vision/coco.ts';
import { visionEngine } from '../../engines/vision/index.ts';
import { keyOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';

const listVisionModels: Handler<ListVisionModelsData> = async (ctx) => {
  const { db, env } = ctx.state.deps;
  const modelDir = visionEngine(env).config.modelDir;
  const builtins: VisionModel[] = BUILTIN_MODELS.map((m) => ({
    id: m.id,
    name: m.name,
    type: 'builtin',
    task: m.task,
    classes: m.task === 'object-detection' ? [...COCO_CLASSES] : m.task === 'face-detection' ? ['face'] : null,
    baseModel: null,
    jobId: null,
    createdAt: null,
    source: m.origin === 'npm' ? m.source : `${m.source}: ${m.files!.join(', ')} in VISION_MODEL_DIR`,
    installed: missingFiles(m, modelDir).length === 0,
    metrics: null,
    recommended_confidence: m.recommendedConfidence ?? null,
  }));
  const custom: VisionModel[] = (await listCustom(db, keyOf(ctx).keyId)).map((m) => ({
    id: m.id,
    name: m.name,
    type: 'custom',
    task: 'object-detection',
    classes: m.classes,
    baseModel: m.base_model,
    jobId: m.job_id,
    createdAt: m.created_at.toISOString(),
    source: `trained by job ${m.job_id}`,
    installed: true,
    metrics: (m.metrics as VisionModel['metrics']) ?? null,
    recommended_confidence: m.recommended_confidence,
  }));
  ok(ctx, { models: [...builtins, ...custom] });
};

export default listVisionModels;
