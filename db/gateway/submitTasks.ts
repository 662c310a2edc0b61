import type { PipelinedConnection, Statement } from '../pipeline.ts';
import type { TaskRow } from './getTask.ts';
import { LOCK_TASK_CLAIMS } from './lockTaskClaims.ts';
import { storableJson, storableJsonText } from '../jsonText.ts';

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
  /** The caller's provider key: kept in memory for a task this process starts at once, stored only as providerKeySealed. */
  providerKey?: string;
  /** providerKey sealed (AES-256-GCM): what the database holds. */
  providerKeySealed?: Buffer;
  /** The submitting request's W3C traceparent: the run's spans join its trace, whichever process runs it. */
  traceParent?: string;
  /** What the task reserved of its limits and budgets, released when it ends (db/gateway/settleTaskCharges.ts). */
  charges?: unknown[];
}

export interface SubmitClaim {
  /** How many of these tasks the submitting process can run now. */
  room: number;
  /** Per-provider limits for the providers of these tasks. */
  limits: Record<string, number>;
}

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
    request jsonb, service text, tag text, byok boolean, provider_key text, trace_parent text, charges jsonb)
), stamp AS (
  -- The clock when the claim runs, not now() (when the transaction began): a
  -- submit that waited on a lock would be stamped as starting before the end
  -- whose freed slot it took. One value, so a task claimed here started when
  -- it was created.
  SELECT clock_timestamp() AS at
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
INSERT INTO gateway_tasks (id, key_id, kind, provider, model, status, stream, request, service, tag, byok, provider_key, trace_parent, charges, attempts, created_at, started_at)
SELECT i.id, i.key_id, i.kind, i.provider, i.model,
       CASE WHEN a.id IS NULL THEN 'queued' ELSE 'processing' END,
       i.stream, i.request, i.service, i.tag, i.byok, decode(i.provider_key, 'base64'), i.trace_parent, i.charges,
       CASE WHEN a.id IS NULL THEN 0 ELSE 1 END,
       s.at,
       CASE WHEN a.id IS NULL THEN NULL ELSE s.at END
  FROM input i CROSS JOIN stamp s LEFT JOIN activated a ON a.id = i.id
RETURNING id, status, attempts, created_at, started_at`;

const NOTIFY_IF_WAITING = `SELECT pg_notify('gateway_work', '') WHERE EXISTS (SELECT 1 FROM gateway_tasks WHERE id = ANY($1::uuid[]) AND status = 'queued')`;

/**
 * Stores tasks with their pg-boss jobs in one transaction sent as one
 * pipeline, claiming what the submitting process may start; wakes the other
 * processes only when some task is left waiting. Rows come back in input order.
 *
 * Only what the insert decided comes back from PostgreSQL (status, attempts,
 * times): the rest of each row is what was sent. Each request is serialised
 * once, for the insert, and parsed back from that same text, so a runner sees
 * the request as JSON stores it (no undefined, no class instances), as a task
 * fetched later does; only the key order may differ from jsonb's.
 */
export async function submitTasks(
  conn: PipelinedConnection,
  o: { queue: string; tasks: NewTask[]; jobInsert: Statement; claim?: SubmitClaim },
): Promise<TaskRow[]> {
  // A byok task stored without its key would run on the operator's key, billed as the caller's.
  if (o.tasks.some((t) => t.providerKey !== undefined && !t.providerKeySealed)) throw new Error('a task with a provider key must carry it sealed');
  const requests = o.tasks.map((task) => storableJsonText(JSON.stringify(task.request ?? null)));
  const input = o.tasks.map((task, ord) => ({
    ord,
    id: task.id,
    key_id: task.keyId,
    kind: task.kind,
    provider: task.provider,
    model: task.model ?? null,
    stream: task.stream,
    service: task.service ?? null,
    tag: task.tag ?? null,
    byok: task.providerKey !== undefined,
    provider_key: task.providerKeySealed?.toString('base64') ?? null,
    trace_parent: task.traceParent ?? null,
    charges: task.charges?.length ? task.charges : null,
  }));
  const claiming = o.claim !== undefined && o.claim.room > 0;
  const limits = claiming ? Object.entries(o.claim!.limits).map(([provider, lim]) => ({ provider, lim })) : [];
  const statements: Statement[] = [
    o.jobInsert,
    ...(claiming ? [{ text: LOCK_TASK_CLAIMS, unread: true }] : []),
    { text: INSERT_AND_CLAIM, values: [inputJson(input, requests), o.queue, JSON.stringify(limits), claiming ? o.claim!.room : 0] },
    { text: NOTIFY_IF_WAITING, values: [o.tasks.map((t) => t.id)], unread: true },
  ];
  const results = await conn.transaction(statements);
  const rows = results[claiming ? 2 : 1]!.rows as Array<Pick<TaskRow, 'id' | 'status' | 'attempts' | 'created_at' | 'started_at'>>;
  const byId = new Map(rows.map((r) => [r.id, r]));
  return o.tasks.map((task, ord) => {
    const row = byId.get(task.id)!;
    return {
      id: task.id,
      key_id: task.keyId,
      kind: task.kind,
      provider: task.provider,
      model: task.model ?? null,
      status: row.status,
      stream: task.stream,
      request: JSON.parse(requests[ord]!),
      result: null,
      error: null,
      service: task.service ?? null,
      tag: task.tag ?? null,
      byok: task.providerKey !== undefined,
      provider_key: task.providerKeySealed ?? null,
      charges: task.charges?.length ? task.charges : null,
      providerKey: task.providerKey,
      trace_parent: task.traceParent ?? null,
      attempts: row.attempts,
      progress: null,
      checkpoint: null,
      created_at: row.created_at,
      started_at: row.started_at,
      finished_at: null,
    };
  });
}

// The input rows as JSON, each with its request's text put in as already made:
// every request is stringified once, and that text is also what the runner parses.
function inputJson(input: object[], requests: string[]): string {
  let json = '[';
  for (let i = 0; i < input.length; i++) json += `${i ? ',' : ''}{"request":${requests[i]},${storableJson(input[i]).slice(1)}`;
  return json + ']';
}
