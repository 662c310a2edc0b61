import type { Handler } from '../types.ts';
import type { GetTrainingJobData, TrainingJob } from '../../generated/gateway/types.gen.ts';
import { ApiError } from '../../protocols/errors.ts';
import { getTrainingJob as getJob } from '../../db/gateway/getTrainingJob.ts';
import { keyOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';

const getTrainingJob: Handler<GetTrainingJobData> = async (ctx, { path }) => {
  const jobId = path.jobId;
  const job = await getJob(ctx.state.deps.db, jobId, keyOf(ctx).keyId);
  if (!job) throw new ApiError('not_found', `No training job ${jobId}`, { code: 'not_found' });
  const data: TrainingJob = {
    jobId: job.id,
    status: job.status,
    baseModel: job.base_model as TrainingJob['baseModel'],
    classes: job.classes,
    imageSize: job.image_size,
    trainInputSize: job.arch.size,
    datasetStats: job.dataset_stats,
    trainingProfile: job.training_profile as TrainingJob['trainingProfile'],
    augmentation: job.augmentation as TrainingJob['augmentation'],
    effectiveEpochs: job.effective_epochs,
    progress: job.progress,
    metrics: job.metrics,
    bestEpoch: job.best?.epoch ?? null,
    stopReason: (job.stop_reason as TrainingJob['stopReason']) ?? null,
    recommended_confidence: job.recommended_confidence,
    modelId: job.model_id,
    warnings: job.warnings,
    error: job.error,
    createdAt: job.created_at.toISOString(),
    startedAt: job.started_at?.toISOString() ?? null,
    completedAt: job.completed_at?.toISOString() ?? null,
  };
  ok(ctx, data);
};

export default getTrainingJob;
