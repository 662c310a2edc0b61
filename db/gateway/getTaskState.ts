import type { Knex } from 'knex';
import type { TaskRow } from './getTask.ts';

/** A task without what was asked of it: all a poll, a status or a cancel needs. */
export type TaskState = Omit<TaskRow, 'request' | 'provider_key' | 'providerKey'>;

// Every column but `request`, which holds a vision or OCR task's whole image
// (base64, often megabytes): a client polling for its result every 100 ms
// must not have it read, sent and parsed each time. Nor the sealed provider
// key: only the process running the task needs it.
const COLUMNS = [
  'id', 'key_id', 'kind', 'provider', 'model', 'status', 'stream', 'result', 'error', 'service', 'tag', 'byok',
  'attempts', 'progress', 'checkpoint', 'created_at', 'started_at', 'finished_at',
] as const;

/** The task's state as its owner sees it; another key's task is indistinguishable from a missing one. */
export async function getTaskState(db: Knex, id: string, keyId?: string): Promise<TaskState | undefined> {
  const query = db('gateway_tasks').select(COLUMNS).where({ id });
  if (keyId !== undefined) query.andWhere({ key_id: keyId });
  return query.first();
}
