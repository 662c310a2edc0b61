import type { Knex } from 'knex';
import type { TaskError } from './finishTask.ts';

export interface TaskRow {
  id: string;
  key_id: string;
  kind: string;
  provider: string;
  model: string | null;
  status: 'queued' | 'processing' | 'completed' | 'error' | 'cancelled';
  stream: boolean;
  request: any;
  result: any;
  error: TaskError | null;
  service: string | null;
  tag: string | null;
  byok: boolean;
  /** The caller's provider key, sealed (AES-256-GCM): the database never holds it in the clear. */
  provider_key: Buffer | null;
  /** The same key opened, in the memory of the process that runs the task only; never stored. */
  providerKey?: string;
  /** The submitting request's W3C traceparent, when traces were exported. */
  trace_parent?: string | null;
  attempts: number;
  /** Latest progress of a long media task. */
  progress?: unknown;
  /** A media task's provider job, once submitted. */
  checkpoint?: { job: { id: string; [k: string]: unknown }; submittedAt: string } | null;
  /** What the task reserved of its limits and budgets until it ends (db/gateway/settleTaskCharges.ts). */
  charges?: unknown[] | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

/** A task as its owner sees it; another key's task is indistinguishable from a missing one. */
export async function getTask(db: Knex, id: string, keyId?: string): Promise<TaskRow | undefined> {
  const query = db('gateway_tasks').where({ id });
  if (keyId !== undefined) query.andWhere({ key_id: keyId });
  return query.first();
}
