import type { Knex } from 'knex';

/** Ends a job that has not ended yet as failed, with the reason; its dataset and checkpoints are dropped. */
export async function failTrainingJob(db: Knex, id: string, reason: string): Promise<boolean> {
  const n = await db('vision_training_jobs')
    .where({ id })
    .whereIn('status', ['pending', 'running'])
    .update({ status: 'failed', error: reason, completed_at: db.fn.now(), dataset: null, checkpoint_weights: null, checkpoint_optimizer: null, best_weights: null });
  return n > 0;
}
