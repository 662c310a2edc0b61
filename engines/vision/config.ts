// The vision engine's settings, read from the environment once per use.
import path from 'node:path';
import { DEFAULT_MAX_PIXELS } from './image.ts';

export interface VisionConfig {
  enabled: boolean;
  modelDir: string;
  concurrency: number;
  maxPixels: number;
  /** Wall-clock cap of one training job, whatever its epochs say. */
  trainMaxSeconds: number;
}

function positive(raw: string | undefined, fallback: number): number {
  const n = raw ? Number(raw) : NaN;
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

export function visionConfig(env: NodeJS.ProcessEnv = process.env): VisionConfig {
  return {
    enabled: env.VISION_SERVICE_ENABLED === 'true',
    modelDir: path.resolve(env.VISION_MODEL_DIR || path.join(env.SWITCHYARD_DATA_DIR || '.data', 'vision-models')),
    concurrency: Math.floor(positive(env.PROVIDER_CONCURRENCY_VISION, 2)),
    maxPixels: Math.floor(positive(env.VISION_MAX_PIXELS, DEFAULT_MAX_PIXELS)),
    trainMaxSeconds: positive(env.VISION_TRAIN_MAX_SECONDS, 3600),
  };
}
