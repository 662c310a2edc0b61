// Starting a training job: the dataset is checked in a worker thread (zip
// bombs, paths, labels, images), the plan follows document 2's table, and the
// job row and its pg-boss job are written in one transaction.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { fromKnex, type PgBoss } from 'pg-boss';
import { ApiError } from '../protocols/errors.ts';
import { visionEngine, type DetectorArch } from '../engines/vision/index.ts';
import { trainingPlan } from '../engines/vision/dataset.ts';
import { WIDTHS } from '../engines/vision/arch.ts';
import { insertTrainingJob } from '../db/gateway/insertTrainingJob.ts';
import { visionApiError } from './vision.ts';

export const TRAINING_QUEUE = 'vision-training';

export interface TrainingInput {
  keyId: string;
  zip: Uint8Array;
  baseModel: 'yolo11n' | 'yolo11s' | 'yolo11m';
  classes: string[];
  imageSize: number;
  epochs?: number;
  name?: string;
  /** Warnings from an earlier step (auto-label), shown with the dataset's own. */
  warnings?: string[];
}

export interface TrainingResponse {
  jobId: string;
  status: 'pending';
  datasetStats: { train: number; val: number; total: number };
  trainingProfile: string;
  augmentation: string;
  effectiveEpochs: number;
  warnings: string[];
}

/**
 * The network's input side: a fifth of the requested imageSize (640 -> 128),
 * a multiple of 32 between 64 and 192. Two CPU cores train 128-pixel inputs
 * in minutes; 640 would take days (see docs/vision.md).
 */
export function trainingInputSize(imageSize: number): number {
  return Math.min(192, Math.max(64, Math.round(imageSize / 5 / 32) * 32));
}

export function datasetBytes(b64: string): Uint8Array {
  const clean = b64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) throw new ApiError('invalid_request', 'datasetB64 is not valid base64', { code: 'invalid_dataset', param: 'datasetB64' });
  const b = Buffer.from(clean, 'base64');
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

export async function startTraining(db: Knex, boss: PgBoss, env: NodeJS.ProcessEnv, input: TrainingInput): Promise<TrainingResponse> {
  const classes = input.classes.map((c) => c.trim());
  if (classes.some((c) => !c)) throw new ApiError('invalid_request', 'class names must not be blank', { code: 'invalid_request', param: 'classes' });
  if (new Set(classes).size !== classes.length) throw new ApiError('invalid_request', 'class names must be distinct', { code: 'invalid_request', param: 'classes' });
  let inspected: Awaited<ReturnType<ReturnType<typeof visionEngine>['inspectDataset']>>;
  try {
    inspected = await visionEngine(env).inspectDataset(input.zip, classes.length);
  } catch (err) {
    throw visionApiError(err);
  }
  const plan = trainingPlan(inspected.stats.total);
  const effectiveEpochs = input.epochs ?? plan.epochs;
  const arch: DetectorArch = { kind: 'switchyard-grid-detector', version: 1, size: trainingInputSize(input.imageSize), widths: WIDTHS[input.baseModel]!, classes: classes.length };
  const warnings = [...(input.warnings ?? []), ...inspected.warnings];
  const jobId = randomUUID();
  await db.transaction(async (trx) => {
    await insertTrainingJob(trx, {
      id: jobId,
      keyId: input.keyId,
      name: input.name,
      baseModel: input.baseModel,
      classes,
      imageSize: input.imageSize,
      arch,
      datasetStats: inspected.stats,
      trainingProfile: plan.trainingProfile,
      augmentation: plan.augmentation,
      effectiveEpochs,
      warnings,
      dataset: input.zip,
    });
    await boss.send(TRAINING_QUEUE, { jobId }, { id: jobId, db: fromKnex(trx as never) });
  });
  return { jobId, status: 'pending', datasetStats: inspected.stats, trainingProfile: plan.trainingProfile, augmentation: plan.augmentation, effectiveEpochs, warnings };
}
