import type { PipelinedConnection, Statement } from '../pipeline.ts';
import type { TaskRow } from './getTask.ts';
import { LOCK_TASK_CLAIMS } from './lockTaskClaims.ts';
import { storableJson } from '../jsonText.ts';

export interface NewTask {
  id: string;
  keyId: string;
  kind: string;
  provider: string;
  model?: string;
  stream: boolean;
  request: unknown;
  service?: string;
  tag?: string;
  providerKey?: string;
}

export interface SubmitClaim {
  /** How many of these tasks the submitting process can run now. */
  room: number;
  /** Per-provider limits for the providers of these tasks. */
  limits: Record<string, number>;
}

// What the insert answers: every column but the request, which the caller
// already holds (a vision or OCR task's is its whole image, megabytes of base64
// that would come back and be parsed again for nothing).
const RETURNED = 'id, key_id, kind, provider, model, status, stream, result, error, service, tag, byok, provider_key, attempts, progress, checkpoint, created_at, started_at, finished_at';

// Inserts the tasks and, within `room` and each provider's free slots, claims
// them for the submitting process: their jobs become active (as pg-boss's
// fetch would make them) and the tasks start as processing. A provider's free
// slots are its limit minus its active jobs in every process, and none while
// older tasks for it still wait, so a new task never overtakes them. Only jobs
// that really were activated start, so task and job never disagree.
const INSERT_AND_CLAIM = `
WITH input AS (
  SELECT * FROM json_to_recordset($1::json) AS t(
    ord int, id uuid, key_id uuid, kind text, provider text, model text, stream boolean,
    request jsonb, service text, tag text, byok boolean, provider_key text)
), room AS (
  SELECT l.provider,
         CASE WHEN EXISTS (SELECT 1 FROM gateway_tasks q WHERE q.provider = l.provider AND q.status = 'queued') THEN 0
              ELSE greatest(0, l.lim - (SELECT count(*) FROM pgboss.job j WHERE j.name = $2 AND j.state = 'active' AND j.group_id = l.provider))
         END AS free
    FROM json_to_recordset($3::json) AS l(provider text, lim int)
), claimed AS (
  SELECT id FROM (
    SELECT i.id, i.ord, r.free, row_number() OVER (PARTITION BY i.provider ORDER BY i.ord) AS rn
      FROM input i JOIN room r ON r.provider = i.provider
  ) ranked
   WHERE rn <= free
   ORDER BY ord
   LIMIT $4
), activated AS (
  -- The ids as one array (an InitPlan), so each job is found by its key
  -- whatever the statistics say, never by scanning every job the queue keeps.
  UPDATE pgboss.job j SET state = 'active', started_on = pgboss.job_now(), heartbeat_on = pgboss.job_now()
   WHERE j.name = $2 AND j.id = ANY (ARRAY(SELECT id FROM claimed)) AND j.state < 'active'
  RETURNING j.id
)
INSERT INTO gateway_tasks (id, key_id, kind, provider, model, status, stream, request, service, tag, byok, provider_key, attempts, started_at)
SELECT i.id, i.key_id, i.kind, i.provider, i.model,
       CASE WHEN a.id IS NULL THEN 'queued' ELSE 'processing' END,
       i.stream, i.request, i.service, i.tag, i.byok, i.provider_key,
       CASE WHEN a.id IS NULL THEN 0 ELSE 1 END,
       CASE WHEN a.id IS NULL THEN NULL ELSE now() END
  FROM input i LEFT JOIN activated a ON a.id = i.id
RETURNING ${RETURNED}`;

const NOTIFY_IF_WAITING = `SELECT pg_notify('gateway_work', '') WHERE EXISTS (SELECT 1 FROM gateway_tasks WHERE id = ANY($1::uuid[]) AND status = 'queued')`;

/**
 * Stores tasks with their pg-boss jobs in one transaction sent as one
 * pipeline, claiming what the submitting process may start; wakes the other
 * processes only when some task is left waiting. Rows come back in input order.
 */
export async function submitTasks(
  conn: PipelinedConnection,
  o: { queue: string; tasks: NewTask[]; jobInsert: Statement; claim?: SubmitClaim },
): Promise<TaskRow[]> {
  const input = o.tasks.map((task, ord) => ({
    ord,
    id: task.id,
    key_id: task.keyId,
    kind: task.kind,
    provider: task.provider,
    model: task.model ?? null,
    stream: task.stream,
    request: task.request,
    service: task.service ?? null,
    tag: task.tag ?? null,
    byok: task.providerKey !== undefined,
    provider_key: task.providerKey ?? null,
  }));
  const claiming = o.claim !== undefined && o.claim.room > 0;
  const limits = claiming ? Object.entries(o.claim!.limits).map(([provider, lim]) => ({ provider, lim })) : [];
  const statements: Statement[] = [
    o.jobInsert,
    ...(claiming ? [{ text: LOCK_TASK_CLAIMS }] : []),
    { text: INSERT_AND_CLAIM, values: [storableJson(input), o.queue, JSON.stringify(limits), claiming ? o.claim!.room : 0] },
    { text: NOTIFY_IF_WAITING, values: [o.tasks.map((t) => t.id)] },
  ];
  const results = await conn.transaction(statements);
  const rows = results[claiming ? 2 : 1]!.rows as Array<Omit<TaskRow, 'request'>>;
  const byId = new Map(rows.map((r) => [r.id, r]));
  return o.tasks.map((t) => {
    const row = byId.get(t.id)!;
    return row && { ...row, request: t.request };
  });
}
