import type { Knex } from 'knex';

export interface TrainingProgress {
  epoch: number;
  totalEpochs: number;
  metrics?: unknown;
  checkpointWeights: Uint8Array;
  checkpointOptimizer?: Uint8Array;
  best?: { epoch: number; metrics: unknown; weights: Uint8Array };
}

const bytes = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/** Progress and a checkpoint to resume from; only while the job is still running. */
export async function saveTrainingProgress(db: Knex, id: string, p: TrainingProgress): Promise<boolean> {
  const n = await db('vision_training_jobs')
    .where({ id, status: 'running' })
    .update({
      progress: JSON.stringify({ epoch: p.epoch, totalEpochs: p.totalEpochs }),
      ...(p.metrics ? { metrics: JSON.stringify(p.best?.metrics ?? p.metrics) } : {}),
      checkpoint_weights: bytes(p.checkpointWeights),
      checkpoint_optimizer: p.checkpointOptimizer ? bytes(p.checkpointOptimizer) : null,
      ...(p.best ? { best_weights: bytes(p.best.weights), best: JSON.stringify({ epoch: p.best.epoch, metrics: p.best.metrics }) } : {}),
    });
  return n > 0;
}
