// Text recognition and redaction as the gateway offers them: requests checked
// before a task is queued (the image's format, size and completeness,
// languages, patterns, regions), then run on the local OCR engine's worker
// threads with the catalogue's per-image price and a usage row.
import { randomUUID } from 'node:crypto';
import type { OcrRequest, OcrResult, RedactionRequest, RedactionResult } from '../generated/gateway/types.gen.ts';
import {
  compilePatterns,
  ImageInputError,
  inspectImage,
  LanguageError,
  OCR_MODEL,
  OcrEngine,
  ocrLanguages,
  PatternError,
  resolveLanguages,
  type ImageFormat,
  type OcrLevel,
} from '../engines/ocr/index.ts';
import { unitCost, type Cost } from '../pricing/cost.ts';
import type { UsageRecord } from '../db/gateway/insertUsage.ts';
import type { NewTask } from '../db/gateway/submitTasks.ts';
import { ApiError } from '../protocols/errors.ts';
import { decodeBase64Image } from '../media/base64.ts';
import type { Caller } from './providerCall.ts';

export const OCR_PROVIDER = 'local-ocr';
export { OCR_MODEL, ocrLanguages };

let engine: OcrEngine | undefined;

/** PROVIDER_CONCURRENCY_OCR, default 2: the OCR tasks running at once, across all processes and in each one's worker pool. */
export function ocrConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.PROVIDER_CONCURRENCY_OCR);
  return Number.isInteger(n) && n > 0 ? n : 2;
}

/** The process's OCR engine, started at its first task: PROVIDER_CONCURRENCY_OCR worker threads. */
export function ocrEngine(env: NodeJS.ProcessEnv = process.env): OcrEngine {
  engine ??= new OcrEngine({
    size: ocrConcurrency(env),
    jobTimeoutMs: Number(env.OCR_JOB_TIMEOUT_MS) > 0 ? Number(env.OCR_JOB_TIMEOUT_MS) : undefined,
    nice: env.OCR_NICE !== undefined && Number.isInteger(Number(env.OCR_NICE)) ? Number(env.OCR_NICE) : undefined,
  });
  return engine;
}

export async function stopOcrEngine(): Promise<void> {
  const running = engine;
  engine = undefined;
  await running?.close();
}

/** What a recognition task stores: the image once, as the caller sent it (base64), and the checked options. */
export interface StoredRecognition {
  image: string;
  format: ImageFormat;
  level: OcrLevel;
  granularity: 'line' | 'word';
  languages?: string[];
}

export interface StoredRedaction {
  image: string;
  format: ImageFormat;
  level: OcrLevel;
  languages?: string[];
  presets: NonNullable<RedactionRequest['presets']>;
  patterns: string[];
  regions: Array<{ x: number; y: number; width: number; height: number }>;
  style: 'blur' | 'box' | 'pixelate';
  blurStrength?: number;
  padding: number;
}

/** Bare base64 or a data: URI, to bytes and the bare base64 that is stored. */
function imageBytes(input: string): { bytes: Buffer; base64: string } {
  const decoded = decodeBase64Image(input);
  if (!decoded) {
    throw new ApiError('invalid_request', 'image is not base64 or a base64 data: URI', {
      code: 'invalid_request',
      fields: [{ path: 'body.image', message: 'not base64' }],
    });
  }
  return decoded;
}

async function checkedImage(input: string): Promise<{ base64: string; format: ImageFormat; width: number; height: number }> {
  const { bytes, base64 } = imageBytes(input);
  try {
    const info = await inspectImage(bytes);
    return { base64, ...info };
  } catch (err) {
    if (err instanceof ImageInputError) {
      throw new ApiError('invalid_request', err.message, { code: err.code, fields: [{ path: 'body.image', message: err.detail }] });
    }
    throw err;
  }
}

function checkedLanguages(tags: string[] | undefined, level: OcrLevel): string[] | undefined {
  if (!tags) return undefined;
  try {
    return resolveLanguages(tags, level);
  } catch (err) {
    if (err instanceof LanguageError) {
      throw new ApiError('invalid_request', err.message, {
        code: 'unsupported_language',
        fields: [{ path: `body.languages/${err.index}`, message: 'not installed' }],
      });
    }
    throw err;
  }
}

export async function prepareRecognition(b: OcrRequest): Promise<StoredRecognition> {
  const image = await checkedImage(b.image);
  const languages = checkedLanguages(b.languages, b.recognitionLevel);
  return { image: image.base64, format: image.format, level: b.recognitionLevel, granularity: b.granularity, ...(languages ? { languages } : {}) };
}

export async function prepareRedaction(b: RedactionRequest): Promise<StoredRedaction> {
  const presets = b.presets ?? [];
  const patterns = b.patterns ?? [];
  const regions = b.regions ?? [];
  if (!presets.length && !patterns.length && !regions.length) {
    throw new ApiError('invalid_request', 'Nothing to redact: give presets, patterns or regions', {
      code: 'invalid_request',
      fields: [{ path: 'body', message: 'presets, patterns and regions are all empty' }],
    });
  }
  try {
    compilePatterns(patterns);
  } catch (err) {
    if (err instanceof PatternError) {
      throw new ApiError('invalid_request', err.message, { code: 'invalid_pattern', fields: [{ path: `body.patterns/${err.index}`, message: err.reason }] });
    }
    throw err;
  }
  const level = b.recognitionLevel ?? 'accurate';
  const languages = checkedLanguages(b.languages, level);
  const image = await checkedImage(b.image);
  regions.forEach((r, i) => {
    if (r.x >= image.width || r.y >= image.height) {
      throw new ApiError('invalid_request', `regions[${i}] lies outside the ${image.width}x${image.height} image`, {
        code: 'region_outside_image',
        fields: [{ path: `body.regions/${i}`, message: 'outside the image' }],
      });
    }
  });
  return {
    image: image.base64,
    format: image.format,
    level,
    ...(languages ? { languages } : {}),
    presets,
    patterns,
    regions,
    style: b.style ?? 'blur',
    ...(b.blurStrength !== undefined ? { blurStrength: b.blurStrength } : {}),
    padding: b.padding ?? 4,
  };
}

/**
 * The queue task for a checked request. No provider key travels with it: a
 * local engine has no use for one, and billing stays metered.
 */
export function ocrTask(kind: 'ocr' | 'redaction', stored: StoredRecognition | StoredRedaction, keyId: string, tag?: string): NewTask {
  return { id: randomUUID(), keyId, kind, provider: OCR_PROVIDER, model: OCR_MODEL[stored.level], stream: false, request: stored, tag };
}

function cost(model: string): Cost {
  // X-Provider-Key means nothing to a local engine: billing stays metered.
  return unitCost(OCR_PROVIDER, model, { images: 1 });
}

export function ocrUsage(kind: 'ocr' | 'redaction', model: string, price: Pick<Cost, 'customerPrice' | 'billing'>, caller: Caller): UsageRecord {
  return {
    keyId: caller.keyId,
    taskId: caller.taskId,
    kind,
    surface: caller.surface,
    provider: OCR_PROVIDER,
    model,
    inputTokens: 0,
    outputTokens: 0,
    totalTokens: 0,
    cachedTokens: 0,
    cacheCreationTokens: 0,
    cost: price.customerPrice,
    billing: price.billing,
    cached: false,
    service: caller.service,
    tag: caller.tag,
  };
}

export async function recognize(stored: StoredRecognition, signal: AbortSignal): Promise<OcrResult> {
  const started = performance.now();
  const out = await ocrEngine().recognize(
    { image: Buffer.from(stored.image, 'base64'), format: stored.format, level: stored.level, languages: stored.languages },
    signal,
    true,
  );
  const model = OCR_MODEL[stored.level];
  const lines = stored.granularity === 'word' ? out.lines : out.lines.map(({ words: _words, ...line }) => line);
  return {
    text: out.lines.map((l) => l.text).join('\n'),
    lines,
    model,
    imageSize: out.imageSize,
    inferenceTimeMs: Math.round(performance.now() - started),
    languages: out.languages,
    ...(out.detectedLanguage ? { detectedLanguage: out.detectedLanguage } : {}),
    orientation: out.orientation,
    cost: cost(model),
  };
}

export async function redact(stored: StoredRedaction, signal: AbortSignal): Promise<RedactionResult> {
  const started = performance.now();
  const out = await ocrEngine().redact(
    {
      image: Buffer.from(stored.image, 'base64'),
      format: stored.format,
      level: stored.level,
      languages: stored.languages,
      presets: stored.presets,
      patterns: stored.patterns,
      regions: stored.regions,
      style: stored.style,
      blurStrength: stored.blurStrength,
      padding: stored.padding,
    },
    signal,
    true,
  );
  const model = OCR_MODEL[stored.level];
  return {
    redactedImage: Buffer.from(out.png.buffer, out.png.byteOffset, out.png.byteLength).toString('base64'),
    detections: out.detections,
    regionsRedacted: out.detections.length,
    counts: out.counts,
    model,
    imageSize: out.imageSize,
    languages: out.languages,
    inferenceTimeMs: Math.round(performance.now() - started),
    cost: cost(model),
  };
}
