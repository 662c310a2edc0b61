// Vision calls as the handlers and the queue see them: the switch that turns
// local vision on, validation that turns bad images and missing models into
// clear errors before anything is queued, running a detection in the engine
// (or a web-detection engine), its cost and its usage record.
import type { Knex } from 'knex';
import { ApiError } from '../protocols/errors.ts';
import { EngineError } from '../engines/workerPool.ts';
import { visionEngine, type DetectionOutput } from '../engines/vision/index.ts';
import { imageBytes, inspectImage, type ImageInfo } from '../engines/vision/image.ts';
import type { FileRef, WithFiles } from '../media/store.ts';
import { builtinModel, missingFiles, BUILTIN_MODELS, type BuiltinModel } from '../engines/vision/models.ts';
import { unitCost, type Cost } from '../pricing/cost.ts';
import { webEngine, webEngineSettings, type WebEngineId, type WebDetectionResult } from '../providers/webEngines.ts';
import { getVisionModel } from '../db/gateway/getVisionModel.ts';
import type { UsageRecord } from '../db/gateway/insertUsage.ts';
import { toApiError } from './errors.ts';
import type { Caller } from './providerCall.ts';
import { unitUsage } from './unitUsage.ts';
import { taskImageBytes, type EngineImage, type TaskImage } from './engineInput.ts';
import { ProviderError } from '../providers/types.ts';
import { WEB_ENGINES } from '../providers/webEngines.ts';
import { visionConfig } from '../engines/vision/config.ts';

export const CUSTOM_MODEL_PREFIX = 'custom-';

/** Local detection, zero-shot, faces and training need the operator's switch; web detection does not. */
export function requireLocalVision(env: NodeJS.ProcessEnv): void {
  if (visionEngine(env).config.enabled) return;
  throw new ApiError('unavailable', 'Local vision is switched off: the operator must set VISION_SERVICE_ENABLED=true to run detection, zero-shot, face detection and training on this gateway', {
    code: 'vision_disabled',
  });
}

const ENGINE_KINDS: Record<string, { kind: ApiError['kind']; code?: string }> = {
  invalid_image: { kind: 'invalid_request' },
  image_too_large: { kind: 'invalid_request' },
  invalid_dataset: { kind: 'invalid_request' },
  invalid_request: { kind: 'invalid_request' },
  unknown_model: { kind: 'invalid_request' },
  model_not_installed: { kind: 'unavailable' },
  model_invalid: { kind: 'unavailable' },
  engine_timeout: { kind: 'timeout' },
};

/** An engine's failure in the gateway's vocabulary; anything else as toApiError maps it. */
export function visionApiError(err: unknown): ApiError {
  if (err instanceof EngineError) {
    const known = ENGINE_KINDS[err.code];
    if (known) return new ApiError(known.kind, err.message, { code: known.code ?? err.code });
    return new ApiError('internal', `vision engine failed: ${err.message}`, { code: err.code });
  }
  // The error table looks providers up in the model-provider registry, where the web-detection engines are not.
  if (err instanceof ProviderError && err.code === 'unreachable' && (WEB_ENGINES as readonly string[]).includes(err.provider)) {
    return new ApiError('upstream', err.message, { code: 'unreachable' });
  }
  return toApiError(err);
}

/** A caller's base64 image, refused up front when it is not one, is truncated or is too large. */
export async function checkImage(b64: string, env: NodeJS.ProcessEnv, field = 'image'): Promise<{ bytes: Buffer; info: ImageInfo }> {
  try {
    const bytes = imageBytes(b64, field);
    return { bytes, info: await inspectImage(bytes, visionEngine(env).config.maxPixels, field) };
  } catch (err) {
    throw visionApiError(err);
  }
}

/** A built-in model whose files the operator has not installed: 503 naming each file and where it goes. */
export function requireInstalled(model: BuiltinModel, env: NodeJS.ProcessEnv): void {
  const missing = missingFiles(model, visionEngine(env).config.modelDir);
  if (missing.length) {
    throw new ApiError('unavailable', `${model.id} (${model.name}) is not installed: put ${missing.join(' and ')} in place (VISION_MODEL_DIR is ${visionEngine(env).config.modelDir})`, {
      code: 'model_not_installed',
    });
  }
}

/** An object-detection model id: a built-in one (installed) or a custom model of this key. */
export async function checkObjectModel(db: Knex, model: string, keyId: string, env: NodeJS.ProcessEnv): Promise<void> {
  const builtin = builtinModel(model);
  if (builtin) {
    if (builtin.task !== 'object-detection') {
      throw new ApiError('invalid_request', `${model} is a ${builtin.task} model; object detection takes ${objectModels().join(', ')} or a custom model id`, { code: 'invalid_model', param: 'model' });
    }
    return requireInstalled(builtin, env);
  }
  if (model.startsWith(CUSTOM_MODEL_PREFIX) && (await getVisionModel(db, model, keyId))) return;
  throw new ApiError('invalid_request', `unknown model ${model}: use ${objectModels().join(', ')} or a custom model id from GET /api/vision/models`, { code: 'invalid_model', param: 'model' });
}

function objectModels(): string[] {
  return BUILTIN_MODELS.filter((m) => m.task === 'object-detection').map((m) => m.id);
}

/** What a vision task asks for, besides its image. */
export type VisionRequest =
  | { op: 'objects'; model: string; confidence: number }
  | { op: 'zero-shot'; prompt: string; confidence: number }
  | { op: 'faces'; model: 'haarcascade' | 'mediapipe' | 'yolo-face'; confidence: number; blur: boolean; blurStrength: number }
  | { op: 'web'; engine: WebEngineId; maxResults: number };

/** What a vision task stores as its request: the options, and where its image is (core/engineInput.ts). */
export type StoredVision = VisionRequest & EngineImage;

export type VisionResult = (WithFiles<DetectionOutput, 'blurredImage'> | WebDetectionResult) & { cost: Cost };

/**
 * One vision call on an image checked at submit, priced. A local engine's
 * worker reads the image's file itself, or gets its bytes moved to it (not
 * copied: the array is emptied). Recording its usage is the caller's (a
 * queued task writes it with its end).
 */
export async function runVision(
  db: Knex,
  stored: VisionRequest,
  image: TaskImage,
  caller: Caller,
  signal: AbortSignal,
  env: NodeJS.ProcessEnv = process.env,
  // Where a blurred image goes instead of into the result as base64 (core/engineInput.ts keepTaskOutput).
  keep?: (base: string, bytes: Uint8Array) => Promise<FileRef>,
): Promise<{ result: VisionResult; provider: string; model: string }> {
  try {
    if (stored.op === 'web') {
      const engine = webEngine(stored.engine);
      const settings = webEngineSettings(stored.engine, env);
      const ctx = { settings: caller.providerKey ? { ...settings, apiKey: caller.providerKey } : settings, signal };
      const out = await engine.detect({ image: await taskImageBytes(image), maxResults: stored.maxResults }, ctx);
      const cost = unitCost(stored.engine, engine.model, { images: 1 }, { byok: caller.providerKey !== undefined });
      return { result: { ...out, cost }, provider: stored.engine, model: engine.model };
    }
    const engine = visionEngine(env);
    let out: WithFiles<DetectionOutput, 'blurredImage'>;
    let priceAs: string;
    if (stored.op === 'objects') {
      if (stored.model.startsWith(CUSTOM_MODEL_PREFIX)) {
        const m = await getVisionModel(db, stored.model, caller.keyId);
        if (!m) throw new ApiError('not_found', `custom model ${stored.model} no longer exists`, { code: 'model_not_found' });
        const weights = new Uint8Array(m.weights.buffer, m.weights.byteOffset, m.weights.byteLength);
        out = await engine.detectObjects(
          { ...image, model: stored.model, confidence: stored.confidence, custom: { id: m.id, version: m.created_at.toISOString(), arch: m.arch, classes: m.classes, weights } },
          signal,
          true,
        );
        priceAs = 'custom';
      } else {
        out = await engine.detectObjects({ ...image, model: stored.model, confidence: stored.confidence }, signal, true);
        priceAs = stored.model;
      }
    } else if (stored.op === 'zero-shot') {
      out = await engine.detectZeroShot({ ...image, prompt: stored.prompt, confidence: stored.confidence }, signal, true);
      priceAs = out.model;
    } else {
      out = await engine.detectFaces(
        { ...image, model: stored.model, confidence: stored.confidence, blur: stored.blur, blurStrength: stored.blurStrength, blurredAs: keep ? 'png' : 'base64' },
        signal,
        true,
      );
      if (out.blurredPng && keep) {
        const { blurredPng, ...rest } = out;
        out = { ...rest, blurredImage: await keep('blurred', blurredPng) };
      }
      priceAs = stored.model;
    }
    return { result: { ...out, cost: unitCost('local-vision', priceAs, { images: 1 }) }, provider: 'local-vision', model: out.model };
  } catch (err) {
    throw visionApiError(err);
  }
}

export function visionUsage(ran: { result: VisionResult; provider: string; model: string }, caller: Caller, kind: string): UsageRecord {
  return unitUsage({ ...caller, kind, provider: ran.provider, model: ran.model, cost: ran.result.cost });
}

/**
 * The queue's limits for the groups vision tasks run in: the local engine
 * (PROVIDER_CONCURRENCY_VISION, which also sizes its worker-thread pool) and
 * each web-detection engine (PROVIDER_CONCURRENCY_GOOGLE_VISION, _TINEYE).
 */
export function engineGroupLimits(env: NodeJS.ProcessEnv): Record<string, number> {
  const hosted = (name: string) => {
    const n = Number(env[name]);
    return Number.isInteger(n) && n > 0 ? n : 20;
  };
  return { 'local-vision': visionConfig(env).concurrency, 'google-vision': hosted('PROVIDER_CONCURRENCY_GOOGLE_VISION'), tineye: hosted('PROVIDER_CONCURRENCY_TINEYE') };
}
