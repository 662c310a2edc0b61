import type { PipelinedConnection, Statement } from '../pipeline.ts';
import { usageInsertStatement, type UsageRecord } from './insertUsage.ts';
import { storableJson } from '../jsonText.ts';
import { settleTaskChargesStatement } from './settleTaskCharges.ts';
import type { CrossedThreshold } from './settleAllowances.ts';

/** A task's failure in the native API's terms. */
export interface TaskError {
  message: string;
  code: string;
  /**
   * The same failure as the /v1 protocols answer it (kind, code, HTTP status,
   * param), kept only for tasks a /v1 call waits on: the native code alone
   * does not say, for one, whether a provider's refusal was a 404.
   */
  compat?: { kind: string; code: string; status: number; param?: string };
}

export type TaskOutcome = (
  | { status: 'completed'; result: unknown }
  | { status: 'error'; error: TaskError }
) & {
  /** The provider call's usage, written with the end so a task that runs again is never counted twice. */
  usage?: UsageRecord;
};

// An OCR or vision task's image (a photo of a document or of people, as often
// as not) and an embeddings task's sealed input text are not kept past the
// task's end; DROP_INPUT says the same for both ways a task ends.
export const DROP_INPUT = `CASE WHEN t.kind IN ('ocr', 'redaction', 'vision') THEN t.request - 'image' WHEN t.kind = 'embeddings' THEN t.request - 'sealedInput' ELSE t.request END`;
// The ids again as an array: an index condition on the key whatever the
// statistics say (a young table's would otherwise pick a scan of every task).
// Start and end times are clock_timestamp(), not now(): now() is when the
// transaction began, so a claim that began before an end committed, then took
// the slot that end freed, was stamped as starting before it, and a provider's
// spans seemed to overlap past its concurrency limit.
const END_TASKS = `
UPDATE gateway_tasks t
   SET status = v.status, result = v.result, error = v.error, finished_at = clock_timestamp(), provider_key = NULL, request = ${DROP_INPUT}
  FROM json_to_recordset($1::json) AS v(id uuid, status text, result jsonb, error jsonb)
 WHERE t.id = v.id AND t.id = ANY ($2::uuid[]) AND t.status IN ('queued', 'processing')
RETURNING t.id`;

// PostgreSQL caps a NOTIFY payload at 8000 bytes: about 200 ids.
const IDS_PER_NOTICE = 150;

/**
 * Ends tasks that are still running, records their usage, completes their
 * pg-boss jobs (`jobComplete`, pg-boss's own statement) and tells every
 * process, all in one transaction sent as one pipeline. Answers, per input,
 * whether it ended it: false when it had already ended (cancelled meanwhile),
 * so a late result never overwrites a cancel. Usage is recorded either way:
 * the provider call happened.
 */
export async function finishTasks(
  conn: PipelinedConnection,
  items: Array<{ id: string; outcome: TaskOutcome }>,
  jobComplete: Statement,
  crossed?: (rows: CrossedThreshold[]) => void,
): Promise<boolean[]> {
  const rows = items.map(({ id, outcome }) => ({
    id,
    status: outcome.status,
    result: outcome.status === 'completed' ? outcome.result : null,
    error: outcome.status === 'error' ? outcome.error : null,
  }));
  const usage = items.flatMap(({ outcome }) => (outcome.usage ? [outcome.usage] : []));
  const notices: Statement[] = [];
  for (let i = 0; i < items.length; i += IDS_PER_NOTICE) {
    notices.push({ text: `SELECT pg_notify('gateway_done', $1)`, values: [items.slice(i, i + IDS_PER_NOTICE).map((item) => item.id).join(',')], unread: true });
  }
  const costs = items.flatMap(({ id, outcome }) => (outcome.usage ? [{ id, cost: outcome.usage.cost }] : []));
  const results = await conn.transaction([
    // A provider's output may hold what jsonb refuses; one such result must not fail the batch.
    { text: END_TASKS, values: [storableJson(rows), rows.map((r) => r.id)] },
    ...(usage.length ? [usageInsertStatement(usage)] : []),
    // What the tasks reserved of their budgets settles with their usage rows.
    settleTaskChargesStatement(rows.map((r) => r.id), costs),
    jobComplete,
    ...notices,
  ]);
  const ended = results[0];
  const settled = results[usage.length ? 2 : 1]!.rows as CrossedThreshold[];
  if (settled.length) crossed?.(settled);
  const endedIds = new Set((ended!.rows as Array<{ id: string }>).map((r) => r.id));
  return items.map((item) => endedIds.has(item.id));
}
