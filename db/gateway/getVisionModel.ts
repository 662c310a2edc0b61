import type { Knex } from 'knex';

export interface VisionModelWeights {
  id: string;
  key_id: string;
  classes: string[];
  arch: any;
  weights: Buffer;
  created_at: Date;
}

/** A custom model with its weights, when it belongs to the key. */
export async function getVisionModel(db: Knex, id: string, keyId: string): Promise<VisionModelWeights | undefined> {
  return db('vision_models').select('id', 'key_id', 'classes', 'arch', 'weights', 'created_at').where({ id, key_id: keyId }).first();
}
