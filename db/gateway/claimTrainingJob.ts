import type { Knex } from 'knex';

export interface TrainingWork {
  id: string;
  key_id: string;
  status: string;
  arch: any;
  augmentation: string;
  effective_epochs: number;
  dataset: Buffer | null;
  progress: { epoch: number; totalEpochs: number };
  checkpoint_weights: Buffer | null;
  checkpoint_optimizer: Buffer | null;
  best_weights: Buffer | null;
  best: { epoch: number; metrics: any } | null;
  attempts: number;
}

/**
 * Marks a pending (or, after a crash, running) job as running for this
 * attempt and answers what training needs, checkpoint included. Ended jobs
 * answer undefined: a redelivered pg-boss job must not train them again.
 */
export async function claimTrainingJob(db: Knex, id: string): Promise<TrainingWork | undefined> {
  const [row] = await db('vision_training_jobs')
    .where({ id })
    .whereIn('status', ['pending', 'running'])
    .update({ status: 'running', started_at: db.raw('coalesce(started_at, now())'), attempts: db.raw('attempts + 1') })
    .returning(['id', 'key_id', 'status', 'arch', 'augmentation', 'effective_epochs', 'dataset', 'progress', 'checkpoint_weights', 'checkpoint_optimizer', 'best_weights', 'best', 'attempts']);
  return row;
}
