import type { Knex } from 'knex';

export interface VisionModelRow {
  id: string;
  name: string;
  job_id: string | null;
  base_model: string;
  classes: string[];
  metrics: unknown;
  recommended_confidence: number | null;
  created_at: Date;
}

/** The custom models of one key, oldest first (no weights). */
export async function listVisionModels(db: Knex, keyId: string): Promise<VisionModelRow[]> {
  return db('vision_models')
    .select('id', 'name', 'job_id', 'base_model', 'classes', 'metrics', 'recommended_confidence', 'created_at')
    .where({ key_id: keyId })
    .orderBy('created_at');
}
