import type { Knex } from 'knex';

export interface TrainedModel {
  modelId: string;
  name: string;
  baseModel: string;
  classes: string[];
  arch: unknown;
  weights: Uint8Array;
  metrics: unknown;
  recommendedConfidence: number;
  stopReason: string;
  epoch: number;
}

/** Ends a running job as completed and stores its model, in one transaction; the dataset and checkpoints are dropped. */
export async function completeTrainingJob(db: Knex, jobId: string, m: TrainedModel): Promise<boolean> {
  return db.transaction(async (trx) => {
    const [job] = await trx('vision_training_jobs')
      .where({ id: jobId, status: 'running' })
      .update({
        status: 'completed',
        metrics: JSON.stringify(m.metrics),
        recommended_confidence: m.recommendedConfidence,
        model_id: m.modelId,
        stop_reason: m.stopReason,
        progress: trx.raw(`jsonb_set(progress, '{epoch}', to_jsonb(?::int))`, [m.epoch]),
        completed_at: trx.fn.now(),
        dataset: null,
        checkpoint_weights: null,
        checkpoint_optimizer: null,
        best_weights: null,
      })
      .returning(['key_id']);
    if (!job) return false;
    await trx('vision_models').insert({
      id: m.modelId,
      key_id: job.key_id,
      name: m.name,
      job_id: jobId,
      base_model: m.baseModel,
      classes: JSON.stringify(m.classes),
      arch: JSON.stringify(m.arch),
      weights: Buffer.from(m.weights.buffer, m.weights.byteOffset, m.weights.byteLength),
      metrics: JSON.stringify(m.metrics),
      recommended_confidence: m.recommendedConfidence,
    });
    return true;
  });
}
