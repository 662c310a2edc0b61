import type { Knex } from 'knex';

export interface NewTrainingJob {
  id: string;
  keyId: string;
  name?: string;
  baseModel: string;
  classes: string[];
  imageSize: number;
  arch: unknown;
  datasetStats: { train: number; val: number; total: number };
  trainingProfile: string;
  augmentation: string;
  effectiveEpochs: number;
  warnings: string[];
  dataset: Uint8Array;
}

/** Stores a pending job with its dataset; `trx` is the transaction that also queues its pg-boss job. */
export async function insertTrainingJob(trx: Knex | Knex.Transaction, job: NewTrainingJob): Promise<Date> {
  const [row] = await trx('vision_training_jobs')
    .insert({
      id: job.id,
      key_id: job.keyId,
      status: 'pending',
      name: job.name ?? null,
      base_model: job.baseModel,
      classes: JSON.stringify(job.classes),
      image_size: job.imageSize,
      arch: JSON.stringify(job.arch),
      dataset_stats: JSON.stringify(job.datasetStats),
      training_profile: job.trainingProfile,
      augmentation: job.augmentation,
      effective_epochs: job.effectiveEpochs,
      warnings: JSON.stringify(job.warnings),
      dataset: Buffer.from(job.dataset.buffer, job.dataset.byteOffset, job.dataset.byteLength),
      progress: JSON.stringify({ epoch: 0, totalEpochs: job.effectiveEpochs }),
    })
    .returning('created_at');
  return row.created_at as Date;
}
