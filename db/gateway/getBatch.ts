import type { Knex } from 'knex';

/** A batch the provider's own batch API runs: its provider, its id there once submitted, when it was last asked. */
export interface NativeBatchState {
  provider: 'openai' | 'anthropic';
  /** The provider's batch id; absent until submitted. */
  id?: string;
  /** The input file uploaded for it (OpenAI). */
  inputFileId?: string;
  /** ISO time of the last status check. */
  polledAt?: string;
  /** Set once a cancel was sent upstream. */
  cancelSent?: boolean;
}

export interface BatchRow {
  id: string;
  key_id: string;
  endpoint: string;
  input_file_id: string;
  completion_window: string;
  status: 'failed' | 'in_progress' | 'cancelling' | 'completed' | 'expired' | 'cancelled';
  metadata: Record<string, string> | null;
  errors: { object: 'list'; data: unknown[] } | null;
  output_file_id: string | null;
  error_file_id: string | null;
  total: number;
  completed: number;
  failed: number;
  service: string | null;
  tag: string | null;
  provider_key: Buffer | null;
  native: NativeBatchState | null;
  created_at: Date;
  expires_at: Date;
  cancelling_at: Date | null;
  ended_at: Date | null;
}

/** A batch as its key sees it; another key's batch is indistinguishable from a missing one. */
export async function getBatch(db: Knex, id: string, keyId: string): Promise<BatchRow | undefined> {
  return db('gateway_batches').where({ id, key_id: keyId }).first();
}
