// The batch protocol on the gateway's own queue. A batch's lines are read and
// checked once, when it is created, and stored with the task id each line
// will run as (fixed from the batch id and line number, so a line is
// submitted once whichever process submits it, restarts included). Advancing
// a batch, under its row lock, submits its next lines as ordinary completion
// tasks, at most LINES_IN_FLIGHT at a time, and once no line runs any more
// writes its output and error files. A pg-boss job per batch advances it
// every second or so in whichever process takes it; reading a batch
// advances it too. A batch the provider's own batch API runs instead
// (core/nativeBatches.ts) is advanced by the same job and ends the same way.
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { PgBoss } from 'pg-boss';
import { fromChatRequest, toChatCompletion } from '../protocols/chatCompletions.ts';
import { openaiErrorBody } from '../protocols/errorShapes.ts';
import { ApiError } from '../protocols/errors.ts';
import { fromCompatRouting, mergeRouting, type RoutingPolicy } from '../protocols/routing.ts';
import { batchCounts } from '../db/gateway/batchCounts.ts';
import { batchProgress } from '../db/gateway/batchProgress.ts';
import { batchResults, type BatchLineResult } from '../db/gateway/batchResults.ts';
import { batchTaskIds } from '../db/gateway/batchTaskIds.ts';
import { endBatch } from '../db/gateway/endBatch.ts';
import type { BatchRow } from '../db/gateway/getBatch.ts';
import { getFile } from '../db/gateway/getFile.ts';
import { getFileContent } from '../db/gateway/getFileContent.ts';
import { insertBatch, type NewBatchLine } from '../db/gateway/insertBatch.ts';
import { insertFile } from '../db/gateway/insertFile.ts';
import { lockBatch } from '../db/gateway/lockBatch.ts';
import { markBatchCancelling } from '../db/gateway/markBatchCancelling.ts';
import { nextBatchLines } from '../db/gateway/nextBatchLines.ts';
import type { TaskQueue } from '../jobs/queue.ts';
import type { Caller } from './completion.ts';
import { toApiError } from './errors.ts';
import { prepareRoute } from './routing.ts';
import type { StoredCompletion } from './tasks/completion.ts';
import { secretBox } from './agents/secrets.ts';
import { ProviderError } from '../providers/types.ts';
import { advanceNative, planNative, type LinePlan } from './nativeBatches.ts';
import type { CanonicalRequest } from '../protocols/canonical.ts';
import type { GatewayAuth } from './gatewayAuth.ts';
import type { Governor, Ticket } from './governance/governor.ts';
import { authOfKeyId } from './governance/keyAuth.ts';
import { estimateCompletion } from './governance/estimate.ts';
import { refuseBatchLine } from '../db/gateway/refuseBatchLine.ts';

/** The owner key's policies asked about a native batch's running lines (refusing it, or admitting it with what it reserved). */
export type AdmitNative = (lines: CanonicalRequest[]) => Promise<Ticket | null>;

export const BATCH_QUEUE = 'gateway-batches';
export const MAX_BATCH_FILE_BYTES = 50 * 1024 * 1024;
export const MAX_BATCH_LINES = 10_000;
/** Lines of one batch running at once: a large batch never takes a provider's every slot from other callers. */
const LINES_IN_FLIGHT = 20;
const WINDOW_MS = 24 * 3600_000;
const ENDED = new Set<BatchRow['status']>(['failed', 'completed', 'expired', 'cancelled']);

export interface BatchDeps {
  db: Knex;
  queue: TaskQueue;
  boss: PgBoss;
  env: NodeJS.ProcessEnv;
  log: Logger;
  now?: () => Date;
  /** Allow-lists, limits and budgets of the batch's key (absent: none applies). */
  governor?: Governor;
}

export function newFileId(): string {
  return `file-${randomBytes(16).toString('hex')}`;
}

/** The task id a batch line runs as: a UUID (version 5 layout) from the batch id and line number. */
function lineTaskId(batchId: string, line: number): string {
  const h = createHash('sha256').update(`${batchId}\0${line}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

interface LineError {
  code: string;
  message: string;
  param: string | null;
  line: number;
}

/** The file's lines as the queue will run them; a line whose shape is wrong fails the whole batch. */
function readLines(
  content: Buffer,
  endpoint: string,
  batchId: string,
  caller: Caller,
  keyRouting: RoutingPolicy | undefined,
): { errors: LineError[]; lines: NewBatchLine[]; plans: LinePlan[]; routes: Array<{ line: number; targets: CanonicalRequest[] }> } {
  const raw = content.toString('utf8').split('\n');
  while (raw.length && !raw.at(-1)!.trim()) raw.pop();
  const errors: LineError[] = [];
  if (!raw.length) return { errors: [{ code: 'empty_file', message: 'The input file has no lines.', param: null, line: 1 }], lines: [], plans: [], routes: [] };
  if (raw.length > MAX_BATCH_LINES) {
    return { errors: [{ code: 'too_many_requests', message: `The input file has ${raw.length} lines; a batch takes at most ${MAX_BATCH_LINES}.`, param: null, line: MAX_BATCH_LINES + 1 }], lines: [], plans: [], routes: [] };
  }
  const seen = new Set<string>();
  const lines: NewBatchLine[] = [];
  const plans: LinePlan[] = [];
  const routes: Array<{ line: number; targets: CanonicalRequest[] }> = [];
  raw.forEach((text, i) => {
    const line = i + 1;
    const fail = (code: string, message: string, param: string | null = null) => errors.push({ code, message, param, line });
    let item: any;
    try {
      item = JSON.parse(text);
    } catch {
      return fail('invalid_json', `Line ${line} is not JSON.`);
    }
    if (!item || typeof item !== 'object' || Array.isArray(item)) return fail('invalid_request', `Line ${line} is not a JSON object.`);
    if (typeof item.custom_id !== 'string' || !item.custom_id) return fail('missing_required_parameter', `Line ${line} has no custom_id.`, 'custom_id');
    if (seen.has(item.custom_id)) return fail('duplicate_custom_id', `Line ${line} repeats custom_id '${item.custom_id.slice(0, 100)}'.`, 'custom_id');
    seen.add(item.custom_id);
    if (item.method !== 'POST') return fail('invalid_method', `Line ${line}: method must be POST.`, 'method');
    if (item.url !== endpoint) return fail('invalid_url', `Line ${line}: url must be the batch's endpoint, ${endpoint}.`, 'url');
    if (!item.body || typeof item.body !== 'object' || Array.isArray(item.body)) return fail('invalid_request', `Line ${line} has no body object.`, 'body');
    const model = typeof item.body.model === 'string' ? item.body.model : '';
    const base = { line, customId: item.custom_id, model, taskId: lineTaskId(batchId, line) };
    try {
      const chat = fromChatRequest(item.body);
      if (chat.stream) throw new ApiError('invalid_request', 'stream is not supported in a batch', { code: 'invalid_request', param: 'stream' });
      const routing = mergeRouting(item.body.routing === undefined ? undefined : fromCompatRouting(item.body.routing), keyRouting);
      // Refusals (an option the provider lacks, an unconfigured provider) are known now, as the endpoint would know them.
      const { targets } = prepareRoute(chat.request, caller, routing);
      const stored: StoredCompletion = { request: targets[0]!.request, ...(routing ? { routing } : {}) };
      lines.push({ ...base, request: stored });
      routes.push({ line, targets: targets.map((t) => t.request) });
      plans.push({ request: stored, single: targets.length === 1 });
    } catch (err) {
      const apiError = toApiError(err, 'openai');
      lines.push({ ...base, refusal: { status: apiError.status, body: openaiErrorBody(apiError) } });
      plans.push({ single: true });
    }
  });
  return { errors, lines, plans, routes };
}

/** Creates a batch from a file of this key; it starts at once unless the file is refused whole. */
export async function createBatch(
  deps: BatchDeps,
  caller: Caller,
  keyRouting: RoutingPolicy | undefined,
  auth: GatewayAuth | undefined,
  input: { inputFileId: string; endpoint: string; completionWindow: string; metadata?: Record<string, string> | null; native?: boolean },
  admit?: AdmitNative,
): Promise<BatchRow> {
  const { db } = deps;
  const file = await getFile(db, input.inputFileId, caller.keyId);
  if (!file) throw new ApiError('not_found', `No file with id '${input.inputFileId}'.`, { code: 'file_not_found', param: 'input_file_id' });
  if (file.purpose !== 'batch') throw new ApiError('invalid_request', `File '${file.id}' has purpose '${file.purpose}'; a batch reads a file of purpose 'batch'.`, { code: 'invalid_file_purpose', param: 'input_file_id' });
  const { content } = (await getFileContent(db, file.id, caller.keyId))!;
  const id = `batch_${randomBytes(16).toString('hex')}`;
  const { errors, lines, plans, routes } = readLines(content, input.endpoint, id, caller, keyRouting);
  const failed = errors.length > 0;
  if (!failed && auth && deps.governor) allowLines(deps.governor, auth, routes);
  const native = failed ? null : planNative(deps.env, plans, input.native);
  const now = deps.now?.() ?? new Date();
  // A native batch's lines are no queue tasks, each reserving its own: the batch reserves for them all, now.
  const ticket = native && admit ? await admit(plans.flatMap((l) => (l.request ? [l.request.request] : []))) : null;
  const charges = ticket?.hold();
  const row = await insertBatch(
    db,
    {
      id,
      key_id: caller.keyId,
      endpoint: input.endpoint,
      input_file_id: file.id,
      completion_window: input.completionWindow,
      status: failed ? 'failed' : 'in_progress',
      metadata: input.metadata ?? null,
      errors: failed ? { object: 'list', data: errors } : null,
      total: failed ? 0 : lines.length,
      service: caller.service ?? null,
      tag: caller.tag ?? null,
      provider_key: caller.providerKey && !failed ? (await secretBox(deps.env)).seal(caller.providerKey) : null,
      expires_at: new Date(now.getTime() + WINDOW_MS),
      native,
      ended: failed,
      ...(charges?.length ? { charges } : {}),
    },
    failed ? [] : lines,
  ).catch((err: unknown) => {
    // Not stored: the reservation was never the batch's.
    ticket?.unhold();
    throw err;
  });
  if (failed) return row;
  await deps.boss.send(BATCH_QUEUE, { batchId: id });
  try {
    return (await advanceBatch(deps, id)) ?? row;
  } catch (err) {
    // The batch exists: a provider that did not answer its native submission is asked again by the job.
    if (!(err instanceof ProviderError)) throw err;
    deps.log.warn({ batchId: id, err: err.message }, 'batch not advanced yet');
    return row;
  }
}

/**
 * Moves a batch on: submits its next lines, or, once none runs and none is
 * left to send, writes its files and ends it. Under the batch's row lock, so
 * two processes never submit the same lines nor write two sets of files.
 */
export async function advanceBatch(deps: BatchDeps, id: string): Promise<BatchRow | undefined> {
  const { db } = deps;
  return db.transaction(async (trx) => {
    let batch = await lockBatch(trx, id);
    if (!batch || ENDED.has(batch.status)) return batch;
    if (batch.native) {
      const providerKey = batch.provider_key ? (await secretBox(deps.env)).open(batch.provider_key) : undefined;
      const outcome = await advanceNative({ env: deps.env, log: deps.log, now: deps.now, providerKey }, trx, batch, await batchResults(trx, id));
      if (outcome === undefined) return batch;
      if (outcome !== 'queue') {
        await writeFiles(trx, batch, outcome.status, outcome.lines);
        return lockBatch(trx, id);
      }
      batch = { ...batch, native: null };
    }
    const { inFlight, waiting } = await batchProgress(trx, id);
    const expired = (deps.now?.() ?? new Date()) >= batch.expires_at;
    if (batch.status === 'in_progress' && !expired && waiting > 0) {
      if (inFlight < LINES_IN_FLIGHT) await submitLines(deps, trx, batch, LINES_IN_FLIGHT - inFlight, inFlight);
      return batch;
    }
    if (inFlight > 0) return batch;
    const status = batch.status === 'cancelling' ? 'cancelled' : waiting > 0 ? 'expired' : 'completed';
    await writeFiles(trx, batch, status);
    return lockBatch(trx, id);
  });
}

/**
 * A model outside the key's allow-list (its team's, its tags') refuses the
 * whole batch at create, naming the first such line: nothing is stored, nothing runs.
 */
function allowLines(governor: Governor, auth: GatewayAuth, routes: Array<{ line: number; targets: CanonicalRequest[] }>): void {
  for (const { line, targets } of routes) {
    try {
      governor.allowed(auth, targets);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      throw new ApiError('forbidden', `Line ${line} of the input file: ${err.message}`, { code: 'model_not_allowed', param: 'input_file_id' });
    }
  }
}

/**
 * Submits the batch's next lines, each admitted by its key's limits and
 * budgets as it starts (the key's policy then, read once per round): a line
 * reserves its worst-case price, held on its task and settled with its usage
 * row or released when it fails. A line a rate limit refuses waits, and the
 * lines after it with it, for a later round (about a second). A line a hard
 * budget refuses fails with budget_exceeded, unless lines of this batch still
 * hold reservations: what they release may let it run, so it waits for them.
 */
async function submitLines(deps: BatchDeps, trx: Knex.Transaction, batch: BatchRow, room: number, inFlight: number): Promise<void> {
  const lines = await nextBatchLines(trx, batch.id, room);
  if (!lines.length) return;
  const providerKey = batch.provider_key ? (await secretBox(deps.env)).open(batch.provider_key) : undefined;
  const governor = deps.governor;
  const auth = governor ? await authOfKeyId(deps.db, batch.key_id, (deps.now?.() ?? new Date()).getTime()) : undefined;
  const admitted: Array<{ line: (typeof lines)[number]; ticket: Ticket | null }> = [];
  for (const line of lines) {
    const stored = line.request as StoredCompletion;
    let ticket: Ticket | null = null;
    try {
      if (auth instanceof ApiError) throw auth;
      if (auth && governor!.governs(auth)) ticket = await governor!.admit(auth, () => lineEstimate(stored, providerKey));
    } catch (err) {
      const apiError = toApiError(err, 'openai');
      if (apiError.code === 'rate_limit_exceeded') break;
      if (apiError.code === 'budget_exceeded' && inFlight + admitted.length > 0) break;
      await refuseBatchLine(trx, batch.id, line.line, { status: apiError.status, body: openaiErrorBody(apiError) });
      continue;
    }
    admitted.push({ line, ticket });
  }
  // Submitted while the batch stays locked: nobody else submits these lines meanwhile.
  await Promise.all(
    admitted.map(async ({ line: l, ticket }) => {
      const stored = l.request as StoredCompletion;
      const charges = ticket?.hold();
      try {
        await deps.queue.submit({
          id: l.task_id,
          keyId: batch.key_id,
          kind: 'completion',
          provider: stored.request.provider,
          model: stored.request.model,
          stream: false,
          request: stored,
          ...(batch.service ? { service: batch.service } : {}),
          ...(batch.tag ? { tag: batch.tag } : {}),
          ...(providerKey ? { providerKey } : {}),
          ...(charges?.length ? { charges } : {}),
        });
      } catch (err) {
        // Not stored: the reservation was never the task's.
        ticket?.unhold();
        throw err;
      }
    }),
  );
}

/** A line's worst case, over every target its routing may reach (as the endpoint estimates a call). */
function lineEstimate(stored: StoredCompletion, providerKey: string | undefined) {
  const caller = providerKey ? { providerKey } : {};
  const { targets } = prepareRoute(stored.request, caller, stored.routing);
  return estimateCompletion(
    targets.map((t) => t.request),
    caller,
  );
}

/** One output or error file line, in the public batch protocol's shape. */
function lineOf(l: BatchLineResult, ending: string): { ok: boolean; json: unknown } {
  const id = `batch_req_${l.task_id.replace(/-/g, '')}`;
  if (l.refusal) return { ok: false, json: { id, custom_id: l.custom_id, response: { status_code: l.refusal.status, request_id: null, body: l.refusal.body }, error: null } };
  if (l.status === 'completed') {
    const body = toChatCompletion(l.result, l.result.cost, { model: l.model });
    return { ok: true, json: { id, custom_id: l.custom_id, response: { status_code: 200, request_id: l.result.requestId ?? null, body }, error: null } };
  }
  if (l.status === 'error' && l.error) {
    const apiError = toApiError(new ApiError('internal', l.error.message, { code: l.error.code }), 'openai');
    return { ok: false, json: { id, custom_id: l.custom_id, response: { status_code: apiError.status, request_id: null, body: openaiErrorBody(apiError) }, error: null } };
  }
  const code = ending === 'expired' ? 'batch_expired' : 'batch_cancelled';
  const message = ending === 'expired' ? 'This line was not run before the batch expired.' : 'This line was not run: the batch was cancelled.';
  return { ok: false, json: { id, custom_id: l.custom_id, response: null, error: { code, message } } };
}

async function writeFiles(trx: Knex.Transaction, batch: BatchRow, status: 'completed' | 'expired' | 'cancelled', results?: BatchLineResult[]): Promise<void> {
  const output: string[] = [];
  const errors: string[] = [];
  for (const l of results ?? (await batchResults(trx, batch.id))) {
    const { ok, json } = lineOf(l, status);
    (ok ? output : errors).push(JSON.stringify(json));
  }
  const file = async (lines: string[], name: string) =>
    lines.length
      ? (await insertFile(trx, { id: newFileId(), keyId: batch.key_id, purpose: 'batch_output', filename: `${batch.id}_${name}.jsonl`, content: Buffer.from(`${lines.join('\n')}\n`) })).id
      : null;
  await endBatch(trx, batch.id, { status, completed: output.length, failed: errors.length, outputFileId: await file(output, 'output'), errorFileId: await file(errors, 'error') });
}

/** Cancels a running batch of this key: no more lines are sent and the running ones are aborted. */
export async function cancelBatch(deps: BatchDeps, id: string, keyId: string): Promise<BatchRow | undefined> {
  const marked = await deps.db.transaction((trx) => markBatchCancelling(trx, id, keyId));
  if (marked) {
    for (const taskId of await batchTaskIds(deps.db, id)) await deps.queue.cancel(taskId, keyId);
  }
  return advanceBatch(deps, id);
}

/** Lines answered and failed so far, for a batch still running (an ended one has its counts stored). */
export async function liveCounts(db: Knex, batch: BatchRow): Promise<{ completed: number; failed: number }> {
  return ENDED.has(batch.status) ? { completed: batch.completed, failed: batch.failed } : batchCounts(db, batch.id);
}

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** A batch in the public protocol's shape. */
export function toBatch(b: BatchRow, counts: { completed: number; failed: number }): Record<string, unknown> {
  const ended = seconds(b.ended_at);
  return {
    id: b.id,
    object: 'batch',
    endpoint: b.endpoint,
    errors: b.errors,
    input_file_id: b.input_file_id,
    completion_window: b.completion_window,
    status: b.status,
    output_file_id: b.output_file_id,
    error_file_id: b.error_file_id,
    created_at: seconds(b.created_at),
    in_progress_at: b.status === 'failed' ? null : seconds(b.created_at),
    expires_at: seconds(b.expires_at),
    finalizing_at: b.status === 'completed' || b.status === 'expired' ? ended : null,
    completed_at: b.status === 'completed' ? ended : null,
    failed_at: b.status === 'failed' ? ended : null,
    expired_at: b.status === 'expired' ? ended : null,
    cancelling_at: seconds(b.cancelling_at),
    cancelled_at: b.status === 'cancelled' ? ended : null,
    request_counts: { total: b.total, completed: counts.completed, failed: counts.failed },
    metadata: b.metadata,
  };
}

/** Every process that creates batches needs the queue. */
export async function ensureBatchQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(BATCH_QUEUE, { retryLimit: 100, retryDelay: 2, expireInSeconds: 600, deleteAfterSeconds: 3_600 });
}

/** Advances each running batch about every second, in whichever process takes its job. */
export async function startBatchRunner(deps: BatchDeps): Promise<void> {
  await deps.boss.work<{ batchId: string }>(BATCH_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    const { batchId } = job!.data;
    const batch = await advanceBatch(deps, batchId);
    if (batch && !ENDED.has(batch.status)) await deps.boss.send(BATCH_QUEUE, { batchId }, { startAfter: 1 });
  });
}
