// The vision engine as the rest of the gateway sees it: two worker pools
// (detection, sized by PROVIDER_CONCURRENCY_VISION; training, one thread)
// started on first use, and typed calls into them.
import { postedImage, WorkerPool, type WithImageFile } from '../workerPool.ts';
import { visionConfig, type VisionConfig } from './config.ts';
import type { CustomModelInput, FaceJob, ObjectJob } from './worker.ts';
import type { StartInput } from './trainWorker.ts';
import type { Progress } from './train.ts';
import type { Metrics } from './metrics.ts';

export { visionConfig, type VisionConfig } from './config.ts';
export type { CustomModelInput } from './worker.ts';
export type { DetectorArch } from './detector.ts';
export type { Metrics } from './metrics.ts';
export type { Progress, TrainSpec } from './train.ts';

export interface DetectionOutput {
  detections: Array<{ label: string; confidence: number; bbox: { x: number; y: number; width: number; height: number }; count: number; runnerUp?: { label: string; confidence: number } }>;
  model: string;
  inferenceTimeMs: number;
  imageSize: { width: number; height: number };
  blurredImage?: string;
  /** The blurred image's PNG, when the job asked for bytes (FaceJob.blurredAs). */
  blurredPng?: Uint8Array;
}

type ZeroShotJob = { image: Uint8Array; prompt: string; confidence: number };

export interface TrainChunk {
  progress: Progress;
  checkpoint: { epoch: number; weights: Uint8Array; optimizer?: Uint8Array; best?: { epoch: number; metrics: Metrics; weights: Uint8Array } };
}

export class VisionEngine {
  readonly config: VisionConfig;
  private detectPool?: WorkerPool;
  private trainPool?: WorkerPool;

  constructor(config: VisionConfig) {
    this.config = config;
  }

  private detection(): WorkerPool {
    this.detectPool ??= new WorkerPool({
      name: 'vision',
      script: new URL('./worker.ts', import.meta.url),
      size: this.config.concurrency,
      workerData: { modelDir: this.config.modelDir, maxPixels: this.config.maxPixels },
      jobTimeoutMs: 300_000,
      idleTimeoutMs: 10 * 60_000,
    });
    return this.detectPool;
  }

  private training(): WorkerPool {
    this.trainPool ??= new WorkerPool({
      name: 'vision-training',
      script: new URL('./trainWorker.ts', import.meta.url),
      size: 1,
      // A chunk is time-boxed (a minute at most); one that hangs far past that is a dead worker.
      jobTimeoutMs: 15 * 60_000,
      idleTimeoutMs: 5 * 60_000,
    });
    return this.trainPool;
  }

  // With `move`, the image's bytes go to the worker instead of a copy of them (the caller's array is emptied);
  // a job may name a file instead, which the worker reads.
  detectObjects(job: ObjectJob | WithImageFile<ObjectJob>, signal?: AbortSignal, move = false): Promise<DetectionOutput> {
    return this.detect('detectObjects', job, signal, move);
  }

  detectFaces(job: FaceJob | WithImageFile<FaceJob>, signal?: AbortSignal, move = false): Promise<DetectionOutput> {
    return this.detect('detectFaces', job, signal, move);
  }

  detectZeroShot(job: ZeroShotJob | WithImageFile<ZeroShotJob>, signal?: AbortSignal, move = false): Promise<DetectionOutput> {
    return this.detect('detectZeroShot', job, signal, move);
  }

  private detect<J extends { image: Uint8Array }>(method: string, job: J | WithImageFile<J>, signal: AbortSignal | undefined, move: boolean): Promise<DetectionOutput> {
    const { input, transfer } = postedImage(job, move);
    return this.detection().run(method, input, { signal, transfer });
  }

  inspectDataset(zip: Uint8Array, classes: number): Promise<{ stats: { train: number; val: number; total: number }; warnings: string[] }> {
    return this.detection().run('inspectDataset', { zip, classes });
  }

  autoLabel(images: Uint8Array[], classes: string[], confidence: number): Promise<{ zip: Uint8Array; stats: Record<string, unknown>; processingTimeMs: number }> {
    return this.detection().run('autoLabel', { images, classes, confidence });
  }

  trainStart(input: StartInput): Promise<{ train: number; val: number }> {
    return this.training().run('start', input);
  }

  trainRun(jobId: string, seconds: number): Promise<TrainChunk> {
    return this.training().run('run', { jobId, seconds });
  }

  trainStop(jobId: string): Promise<void> {
    return this.trainPool ? this.trainPool.run('stop', { jobId }) : Promise.resolve();
  }

  get load(): { running: number; waiting: number } {
    return this.detectPool?.load ?? { running: 0, waiting: 0 };
  }

  async close(): Promise<void> {
    await Promise.all([this.detectPool?.close(), this.trainPool?.close()]);
  }
}

let shared: VisionEngine | undefined;

/** The process's engine; pools start only when a job needs them. */
export function visionEngine(env: NodeJS.ProcessEnv = process.env): VisionEngine {
  shared ??= new VisionEngine(visionConfig(env));
  return shared;
}

export async function closeVisionEngine(): Promise<void> {
  const engine = shared;
  shared = undefined;
  await engine?.close();
}
