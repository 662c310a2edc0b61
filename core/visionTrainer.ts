// Runs training jobs from pg-boss's vision-training queue, one at a time per
// process, in the vision engine's training thread. Progress and a checkpoint
// are written after every chunk of training; a job whose process stopped or
// died is picked up again (pg-boss retries it) and resumes from that
// checkpoint.
import type { Knex } from 'knex';
import type { PgBoss } from 'pg-boss';
import type { Logger as PinoLogger } from 'pino';
import { visionEngine, type TrainChunk } from '../engines/vision/index.ts';
import { recommendedConfidence } from '../engines/vision/metrics.ts';
import { claimTrainingJob, type TrainingWork } from '../db/gateway/claimTrainingJob.ts';
import { saveTrainingProgress } from '../db/gateway/saveTrainingProgress.ts';
import { completeTrainingJob } from '../db/gateway/completeTrainingJob.ts';
import { failTrainingJob } from '../db/gateway/failTrainingJob.ts';
import { getTrainingJob } from '../db/gateway/getTrainingJob.ts';
import { TRAINING_QUEUE } from './visionTraining.ts';


const MAX_ATTEMPTS = 4;

export interface TrainingRunner {
  stop(): Promise<void>;
}

/** Creates the queue (every process that submits needs it). */
export async function ensureTrainingQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(TRAINING_QUEUE, { heartbeatSeconds: 60, expireInSeconds: 24 * 3600, retryLimit: MAX_ATTEMPTS, retryDelay: 1, deleteAfterSeconds: 7 * 86_400 });
}

class Stopping extends Error {}

export async function startTrainingRunner(o: { boss: PgBoss; db: Knex; log: PinoLogger; env: NodeJS.ProcessEnv }): Promise<TrainingRunner> {
  const stopping = new AbortController();
  const chunkSeconds = Number(o.env.VISION_TRAIN_CHUNK_SECONDS || 20);
  const patienceFloor = Number(o.env.VISION_TRAIN_PATIENCE || 30);
  const engine = visionEngine(o.env);
  let running: Promise<void> = Promise.resolve();

  const train = async (jobId: string): Promise<void> => {
    const work = await claimTrainingJob(o.db, jobId);
    if (!work) return; // ended meanwhile (failed, completed by an earlier attempt)
    if (work.attempts > MAX_ATTEMPTS) {
      await failTrainingJob(o.db, jobId, `training was interrupted ${MAX_ATTEMPTS} times; giving up`);
      return;
    }
    if (!work.dataset) {
      await failTrainingJob(o.db, jobId, 'the dataset is gone');
      return;
    }
    try {
      await runJob(work);
    } catch (err) {
      if (err instanceof Stopping) throw err; // pg-boss hands the job to another process, which resumes it
      o.log.error({ err, jobId }, 'training failed');
      await failTrainingJob(o.db, jobId, (err as Error).message);
    }
  };

  const runJob = async (work: TrainingWork): Promise<void> => {
    const started = Date.now();
    const patience = Math.max(patienceFloor, Math.round(work.effective_epochs * 0.2));
    await engine.trainStart({
      jobId: work.id,
      zip: new Uint8Array(work.dataset!.buffer, work.dataset!.byteOffset, work.dataset!.byteLength),
      spec: { arch: work.arch, augmentation: work.augmentation as 'standard', epochs: work.effective_epochs, patience, seed: 1 },
      checkpoint:
        work.checkpoint_weights && work.progress.epoch > 0
          ? {
              epoch: work.progress.epoch,
              weights: new Uint8Array(work.checkpoint_weights),
              optimizer: work.checkpoint_optimizer ? new Uint8Array(work.checkpoint_optimizer) : undefined,
              best: work.best && work.best_weights ? { epoch: work.best.epoch, metrics: work.best.metrics, weights: new Uint8Array(work.best_weights) } : undefined,
            }
          : undefined,
    });
    const job = await getTrainingJob(o.db, work.id);
    // The time budget counts from the first start, across restarts.
    const budgetEnds = (job?.started_at?.getTime() ?? started) + engine.config.trainMaxSeconds * 1000;
    let chunk: TrainChunk;
    for (;;) {
      if (stopping.signal.aborted) {
        await engine.trainStop(work.id).catch(() => {});
        throw new Stopping('this process is stopping');
      }
      chunk = await engine.trainRun(work.id, Math.max(1, Math.min(chunkSeconds, (budgetEnds - Date.now()) / 1000)));
      const still = await saveTrainingProgress(o.db, work.id, {
        epoch: chunk.progress.epoch,
        totalEpochs: chunk.progress.totalEpochs,
        metrics: chunk.progress.metrics,
        checkpointWeights: chunk.checkpoint.weights,
        checkpointOptimizer: chunk.checkpoint.optimizer,
        best: chunk.checkpoint.best,
      });
      if (!still) {
        await engine.trainStop(work.id).catch(() => {});
        return; // failed or deleted from elsewhere
      }
      if (chunk.progress.done || Date.now() >= budgetEnds) break;
    }
    await engine.trainStop(work.id).catch(() => {});
    const best = chunk.checkpoint.best;
    if (!best) throw new Error('training produced no evaluated model');
    const full = await getTrainingJob(o.db, work.id);
    await completeTrainingJob(o.db, work.id, {
      modelId: `custom-${work.id.slice(0, 8)}`,
      name: full?.name ?? full?.classes.join('-') ?? 'custom',
      baseModel: full!.base_model,
      classes: full!.classes,
      arch: work.arch,
      weights: best.weights,
      metrics: round(best.metrics),
      recommendedConfidence: recommendedConfidence(best.metrics),
      stopReason: chunk.progress.done ? chunk.progress.stopReason! : 'time-budget',
      epoch: chunk.progress.epoch,
    });
  };

  await o.boss.work<{ jobId: string }>(TRAINING_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    const done = train(job.data.jobId);
    running = done.catch(() => {});
    await done;
  });

  return {
    async stop() {
      stopping.abort();
      await o.boss.offWork(TRAINING_QUEUE).catch(() => {});
      await running;
    },
  };
}

function round(m: { mAP50: number; mAP50_95: number; precision: number; recall: number }) {
  const r = (v: number) => Math.round(v * 10_000) / 10_000;
  return { mAP50: r(m.mAP50), mAP50_95: r(m.mAP50_95), precision: r(m.precision), recall: r(m.recall) };
}
