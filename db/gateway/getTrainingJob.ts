import type { Knex } from 'knex';

export interface TrainingJobRow {
  id: string;
  key_id: string;
  status: 'pending' | 'running' | 'completed' | 'failed';
  name: string | null;
  base_model: string;
  classes: string[];
  image_size: number;
  arch: any;
  dataset_stats: { train: number; val: number; total: number };
  training_profile: string;
  augmentation: string;
  effective_epochs: number;
  warnings: string[];
  progress: { epoch: number; totalEpochs: number };
  metrics: { mAP50: number; mAP50_95: number; precision: number; recall: number } | null;
  stop_reason: string | null;
  best: { epoch: number; metrics: any } | null;
  recommended_confidence: number | null;
  model_id: string | null;
  error: string | null;
  attempts: number;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
}

const COLUMNS = [
  'id', 'key_id', 'status', 'name', 'base_model', 'classes', 'image_size', 'arch', 'dataset_stats', 'training_profile', 'augmentation',
  'effective_epochs', 'warnings', 'progress', 'metrics', 'stop_reason', 'best', 'recommended_confidence', 'model_id', 'error', 'attempts',
  'created_at', 'started_at', 'completed_at',
];

/** A job as its owner sees it (no dataset, no weights); another key's job looks missing. */
export async function getTrainingJob(db: Knex, id: string, keyId?: string): Promise<TrainingJobRow | undefined> {
  const q = db('vision_training_jobs').select(COLUMNS).where({ id });
  if (keyId !== undefined) q.andWhere({ key_id: keyId });
  return q.first();
}
