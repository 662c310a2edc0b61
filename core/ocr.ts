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
import type { TaskQueue } from '../jobs/queue.ts';
import { ApiError } from '../protocols/errors.ts';
import { decodeBase64Image } from '../media/base64.ts';
import type { FileRef, WithFiles } from '../media/store.ts';
import type { Caller } from './providerCall.ts';
import { unitUsage } from './unitUsage.ts';
import type { Ticket } from './governance/governor.ts';
import { submitWithImage, type EngineImage, type TaskImage } from './engineInput.ts';

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

/** What a recognition task asks for, checked, besides its image. */
export interface RecognitionRequest {
  format: ImageFormat;
  level: OcrLevel;
  granularity: 'line' | 'word';
  languages?: string[];
}

export interface RedactionOptions {
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

/** What a recognition or redaction task stores: the options, and where its image is (core/engineInput.ts). */
export type StoredRecognition = RecognitionRequest & EngineImage;
export type StoredRedaction = RedactionOptions & EngineImage;

/** A checked request and the image's bytes, which go to a file beside the task rather than into its row. */
export interface Prepared<R> {
  request: R;
  image: Buffer;
}

/** Bare base64 or a data: URI, to bytes. */
function imageBytes(input: string): Buffer {
  const decoded = decodeBase64Image(input);
  if (!decoded) {
    throw new ApiError('invalid_request', 'image is not base64 or a base64 data: URI', {
      code: 'invalid_request',
      fields: [{ path: 'body.image', message: 'not base64' }],
    });
  }
  return decoded;
}

async function checkedImage(input: string): Promise<{ bytes: Buffer; format: ImageFormat; width: number; height: number }> {
  const bytes = imageBytes(input);
  try {
    const info = await inspectImage(bytes);
    return { bytes, ...info };
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

export async function prepareRecognition(b: OcrRequest): Promise<Prepared<RecognitionRequest>> {
  const image = await checkedImage(b.image);
  const languages = checkedLanguages(b.languages, b.recognitionLevel);
  return { request: { format: image.format, level: b.recognitionLevel, granularity: b.granularity, ...(languages ? { languages } : {}) }, image: image.bytes };
}

export async function prepareRedaction(b: RedactionRequest): Promise<Prepared<RedactionOptions>> {
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
    request: {
      format: image.format,
      level,
      ...(languages ? { languages } : {}),
      presets,
      patterns,
      regions,
      style: b.style ?? 'blur',
      ...(b.blurStrength !== undefined ? { blurStrength: b.blurStrength } : {}),
      padding: b.padding ?? 4,
    },
    image: image.bytes,
  };
}

/**
 * Queues a checked request, its image written beside the task; answers the
 * queueId. No provider key travels with it: a local engine has no use for
 * one, and billing stays metered.
 */
export async function submitOcr(
  queue: Pick<TaskQueue, 'submit'>,
  kind: 'ocr' | 'redaction',
  prepared: Prepared<RecognitionRequest | RedactionOptions>,
  keyId: string,
  tag?: string,
  ticket?: Ticket | null,
): Promise<string> {
  const id = randomUUID();
  const model = OCR_MODEL;
  await submitWithImage(queue, { id, keyId, kind, provider: OCR_PROVIDER, model, stream: false, tag }, prepared.request, prepared.image, ticket);
  return id;
}

function cost(model: string): Cost {
  // X-Provider-Key means nothing to a local engine: billing stays metered.
  return unitCost(OCR_PROVIDER, model, { images: 1 });
}

export function ocrUsage(kind: 'ocr' | 'redaction', model: string, price: Pick<Cost, 'customerPrice' | 'billing'>, caller: Caller): UsageRecord {
  return unitUsage({ ...caller, kind, provider: OCR_PROVIDER, model, cost: price });
}

// The engine's worker reads the image's file itself, or gets its bytes moved to it (the caller's array is emptied).
export async function recognize(stored: RecognitionRequest, image: TaskImage, signal: AbortSignal): Promise<OcrResult> {
  const started = performance.now();
  const out = await ocrEngine().recognize(
    { ...image, format: stored.format, level: stored.level, languages: stored.languages },
    signal,
    true,
  );
  const model = OCR_MODEL;
  const lines = stored.granularity === 'word' ? out.lines : out.lines.map(({ words: _words, ...line }) => line);
  return {
    text: out.lines.map((l) => l.text).join('\n'),
    lines,
    model,
    recognitionLevel: stored.level,
    imageSize: out.imageSize,
    inferenceTimeMs: Math.round(performance.now() - started),
    languages: out.languages,
    ...(out.detectedLanguage ? { detectedLanguage: out.detectedLanguage } : {}),
    orientation: out.orientation,
    cost: cost(model),
  };
}

/** With `keep`, the redacted PNG goes there (a file beside the task) and the result refers to it instead of holding its base64. */
export async function redact(stored: RedactionOptions, image: TaskImage, signal: AbortSignal, keep?: (png: Uint8Array) => Promise<FileRef>): Promise<WithFiles<RedactionResult, 'redactedImage'>> {
  const started = performance.now();
  const out = await ocrEngine().redact(
    {
      ...image,
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
  const model = OCR_MODEL;
  return {
    redactedImage: keep ? await keep(out.png) : Buffer.from(out.png.buffer, out.png.byteOffset, out.png.byteLength).toString('base64'),
    detections: out.detections,
    regionsRedacted: out.detections.length,
    counts: out.counts,
    model,
    recognitionLevel: stored.level,
    imageSize: out.imageSize,
    languages: out.languages,
    inferenceTimeMs: Math.round(performance.now() - started),
    cost: cost(model),
  };
}
