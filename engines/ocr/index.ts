// The OCR engine as the gateway thread sees it: a pool of worker threads
// (PROVIDER_CONCURRENCY_OCR, default 2) that decode, read and redact, and
// the checks that can run before a task is queued.
import { postedImage, WorkerPool, type WithImageFile } from '../workerPool.ts';
import { dataDirectory, DATA_VARIANT, installedLanguages, osdInstalled, resolveLanguage, type OcrLevel } from './languages.ts';
import type { RecognizeJob, RecognizeOutput, RedactJob, RedactOutput } from './types.ts';

export { inspectImage, ImageInputError, sniffImage, MAX_PIXELS, type ImageFormat, type ImageInfo } from './image.ts';
export { compilePatterns, PatternError } from './redaction/patterns.ts';
export type { OcrLevel } from './languages.ts';
export type * from './types.ts';

/** One model id whatever the level: the levels prepare the image differently, the models are the same. */
export const OCR_MODEL = 'tesseract-lstm';

const LEVEL_DESCRIPTION: Record<OcrLevel, string> = {
  fast: 'Tesseract 5 LSTM (tessdata_best converted to integer), one reading at the image\'s own scale after the lighting is evened out.',
  accurate: 'The same LSTM models after the lighting is evened out, text-height normalisation (small print upscaled) and orientation correction.',
};

export function ocrLanguages() {
  const fast = installedLanguages('fast').map((l) => l.tag);
  const accurate = installedLanguages('accurate').map((l) => l.tag);
  return {
    fast,
    accurate,
    models: {
      fast: { model: OCR_MODEL, data: DATA_VARIANT.fast, description: LEVEL_DESCRIPTION.fast },
      accurate: { model: OCR_MODEL, data: DATA_VARIANT.accurate, description: LEVEL_DESCRIPTION.accurate },
    },
    autoDetection: { languages: accurate, orientation: osdInstalled() },
  };
}

export class LanguageError extends Error {
  readonly index: number;
  constructor(index: number, tag: string, installed: string[]) {
    super(`${tag} is not an installed OCR language; installed: ${installed.join(', ')}`);
    this.name = 'LanguageError';
    this.index = index;
  }
}

/** Request tags to Tesseract codes, in order, duplicates dropped; a LanguageError names the first unknown one. */
export function resolveLanguages(tags: string[], level: OcrLevel): string[] {
  const codes: string[] = [];
  tags.forEach((tag, index) => {
    const found = resolveLanguage(tag, level);
    if (!found) throw new LanguageError(index, tag, installedLanguages(level).map((l) => l.tag));
    if (!codes.includes(found.code)) codes.push(found.code);
  });
  return codes;
}

export interface OcrEngineOptions {
  size: number;
  /** A job overrunning this terminates its worker (the task fails as engine_timeout). */
  jobTimeoutMs?: number;
  /** Nice value of the worker threads (Linux), default 10: below the gateway's event loop. */
  nice?: number;
}

export class OcrEngine {
  private readonly pool: WorkerPool;

  constructor(o: OcrEngineOptions) {
    this.pool = new WorkerPool({
      name: 'ocr',
      script: new URL('./worker.ts', import.meta.url),
      size: o.size,
      workerData: { dataDir: dataDirectory(), nice: o.nice ?? 10 },
      jobTimeoutMs: o.jobTimeoutMs ?? 300_000,
      // Models take a few hundred MB per worker; an idle gateway gives it back.
      idleTimeoutMs: 10 * 60_000,
    });
  }

  get size(): number {
    return this.pool.size;
  }

  get load() {
    return this.pool.load;
  }

  /**
   * With `move`, the image's bytes go to the worker instead of a copy of them
   * (the caller's array is emptied); a job may name a file instead, which the worker reads.
   */
  recognize(job: RecognizeJob | WithImageFile<RecognizeJob>, signal?: AbortSignal, move = false): Promise<RecognizeOutput> {
    const { input, transfer } = postedImage(job, move);
    return this.pool.run<RecognizeOutput>('recognize', input, { signal, transfer });
  }

  redact(job: RedactJob | WithImageFile<RedactJob>, signal?: AbortSignal, move = false): Promise<RedactOutput> {
    const { input, transfer } = postedImage(job, move);
    return this.pool.run<RedactOutput>('redact', input, { signal, transfer });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
