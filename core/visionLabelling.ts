// Auto-labelling: the detector (COCO classes) or the zero-shot model (any
// phrase) over the caller's images, into a YOLO dataset zip.
import { ApiError } from '../protocols/errors.ts';
import { visionEngine } from '../engines/vision/index.ts';
import { builtinModel, missingFiles, ZERO_SHOT_MODEL } from '../engines/vision/models.ts';
import { COCO_CLASSES } from '../engines/vision/coco.ts';
import { checkImage, visionApiError } from './vision.ts';

export interface Labelled {
  zip: Uint8Array;
  stats: {
    totalImages: number;
    trainImages: number;
    valImages: number;
    imagesWithDetections: number;
    imagesWithoutDetections: number;
    detectionsPerClass: Record<string, number>;
    totalDetections: number;
  };
  processingTimeMs: number;
}

export async function labelImages(images: string[], classes: string[], confidence: number, env: NodeJS.ProcessEnv): Promise<Labelled> {
  const names = classes.map((c) => c.trim());
  if (names.some((c) => !c) || new Set(names).size !== names.length) throw new ApiError('invalid_request', 'classes must be distinct, non-blank names', { code: 'invalid_request', param: 'classes' });
  const engine = visionEngine(env);
  const notCoco = names.filter((c) => !COCO_CLASSES.includes(c.toLowerCase()));
  const zeroShot = builtinModel(ZERO_SHOT_MODEL)!;
  const missing = missingFiles(zeroShot, engine.config.modelDir);
  if (notCoco.length && missing.length) {
    throw new ApiError(
      'unavailable',
      `${notCoco.join(', ')} ${notCoco.length === 1 ? 'is not a COCO class' : 'are not COCO classes'}, so labelling needs the zero-shot model, which is not installed: put ${missing.join(' and ')} in place`,
      { code: 'model_not_installed' },
    );
  }
  const bytes: Uint8Array[] = [];
  for (let i = 0; i < images.length; i++) {
    const { bytes: b } = await checkImage(images[i]!, env, `images[${i}]`);
    bytes.push(new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
  }
  try {
    return (await engine.autoLabel(bytes, names, confidence)) as unknown as Labelled;
  } catch (err) {
    throw visionApiError(err);
  }
}
