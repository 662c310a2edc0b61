// Batches the provider's own batch API runs (OpenAI's Batch API, Anthropic's
// Message Batches) instead of the queue, at the provider's batch discount.
// A batch goes there when every line that runs targets one such provider with
// no fallback, and the operator enabled it (BATCH_NATIVE_PROVIDERS); the batch
// may insist (`native: true`, refused when it cannot) or decline (`false`).
// The same pg-boss job that advances a queued batch advances a native one,
// under the batch's row lock in whichever process takes it: it submits the
// lines once, asks the provider how it goes every BATCH_NATIVE_POLL_MS, and
// once the provider has ended writes the output and error files and a usage
// row per answered line, priced with the discount. Everything it needs (the
// provider's batch id, the lines' requests) is in the database, so a restart
// loses nothing. Its owner's budgets are reserved at creation for the whole
// batch's worst case at the discounted price (estimateNativeBatch) and settled when
// it ends, with the lines' costs, in the transaction that writes their usage.
import type { Knex } from 'knex';
import type { ProviderId } from '../protocols/canonical.ts';
import { ApiError } from '../protocols/errors.ts';
import { insertUsageBatch, type UsageRecord } from '../db/gateway/insertUsage.ts';
import type { BatchLineResult } from '../db/gateway/batchResults.ts';
import type { BatchRow, NativeBatchState } from '../db/gateway/getBatch.ts';
import { setBatchNative } from '../db/gateway/setBatchNative.ts';
import { nativeBatchCost } from '../pricing/cost.ts';
import { settleBatchCharges } from '../db/gateway/settleBatchCharges.ts';
import { anthropicBatch } from '../providers/anthropic/batch.ts';
import type { NativeBatchApi, NativeLineResult } from '../providers/nativeBatch.ts';
import { openaiBatch } from '../providers/openai/batch.ts';
import { ProviderError, type CallContext } from '../providers/types.ts';
import type { Logger } from 'pino';
import { providerCall } from './providerCall.ts';
import type { StoredCompletion } from './tasks/completion.ts';
import { completionUsage } from './usageBatch.ts';

const APIS: Partial<Record<ProviderId, NativeBatchApi>> = { openai: openaiBatch, anthropic: anthropicBatch };
const DEFAULT_POLL_MS = 60_000;
const CALL_TIMEOUT_MS = 120_000;

/** What createBatch knows of a line when it decides. */
export interface LinePlan {
  request?: StoredCompletion;
  /** The line may run on one target only (no fallback, no load balancing). */
  single: boolean;
}

/** The providers the operator lets batches run on natively (BATCH_NATIVE_PROVIDERS=openai,anthropic). */
function enabled(env: NodeJS.ProcessEnv): Set<string> {
  return new Set((env.BATCH_NATIVE_PROVIDERS ?? '').split(',').map((s) => s.trim()).filter(Boolean));
}

/**
 * The native state a new batch starts with, or null when the queue runs it.
 * `asked` is the batch's own `native` field: true refuses a batch that cannot
 * go native (400 native_batch_unavailable, naming why), false keeps it on the queue.
 */
export function planNative(env: NodeJS.ProcessEnv, lines: LinePlan[], asked: boolean | undefined): NativeBatchState | null {
  if (asked === false) return null;
  const why = reasonAgainst(env, lines);
  if (why && asked) throw new ApiError('invalid_request', `This batch cannot run on a provider's own batch API: ${why}.`, { code: 'native_batch_unavailable', param: 'native' });
  if (why) return null;
  return { provider: lines.find((l) => l.request)!.request!.request.provider as NativeBatchState['provider'] };
}

function reasonAgainst(env: NodeJS.ProcessEnv, lines: LinePlan[]): string | undefined {
  const running = lines.filter((l) => l.request);
  if (!running.length) return 'no line runs';
  const providers = new Set(running.map((l) => l.request!.request.provider));
  if (providers.size > 1) return `its lines target several providers (${[...providers].join(', ')})`;
  const [provider] = providers;
  if (!APIS[provider!]) return `${provider} has no batch API the gateway uses (openai and anthropic have)`;
  if (!enabled(env).has(provider!)) return `the operator has not enabled it for ${provider} (BATCH_NATIVE_PROVIDERS)`;
  if (running.some((l) => !l.single)) return 'a line has fallbacks or several targets';
  return undefined;
}

export interface NativeDeps {
  env: NodeJS.ProcessEnv;
  log: Logger;
  now?: () => Date;
  /** The caller's own provider key, opened from the batch row. */
  providerKey?: string;
}

function contextOf(batch: BatchRow, providerKey: string | undefined): CallContext {
  const call = providerCall(batch.native!.provider, { providerKey });
  return call.context(AbortSignal.timeout(CALL_TIMEOUT_MS));
}

/** A failure worth trying again on the next turn (the provider did not answer), as opposed to a refusal. */
function transient(err: unknown): boolean {
  return err instanceof ProviderError && ['rate_limited', 'upstream_error', 'unreachable', 'timeout'].includes(err.code);
}

/**
 * One turn of a native batch, under its row lock. Answers the line results to
 * end it with, 'queue' when the provider refused the submission (the queue
 * runs the batch instead), or undefined while it runs.
 */
export async function advanceNative(
  deps: NativeDeps,
  trx: Knex.Transaction,
  batch: BatchRow,
  lines: BatchLineResult[],
): Promise<{ status: 'completed' | 'expired' | 'cancelled'; lines: BatchLineResult[] } | 'queue' | undefined> {
  const native = batch.native!;
  const api = APIS[native.provider]!;
  const now = deps.now?.() ?? new Date();
  const cancelling = batch.status === 'cancelling';
  const requests = new Map(lines.filter((l) => !l.refusal && l.request).map((l) => [upstreamId(l.line), (l.request as StoredCompletion).request]));
  if (!native.id) {
    if (cancelling) {
      await settleBatchCharges(trx, batch.id, []);
      return { status: 'cancelled', lines };
    }
    let ctx: CallContext;
    try {
      ctx = contextOf(batch, deps.providerKey);
      const submitted = await api.submit(ctx, [...requests].map(([customId, req]) => ({ customId, body: api.lineBody(req) })), batch.id);
      await setBatchNative(trx, batch.id, { ...native, ...submitted, polledAt: now.toISOString() });
      return undefined;
    } catch (err) {
      if (transient(err)) throw err;
      deps.log.warn({ batchId: batch.id, provider: native.provider, err: err instanceof Error ? err.message : String(err) }, 'native batch submission refused; the queue runs the batch');
      await trx('gateway_batches').where({ id: batch.id }).update({ native: null });
      // Its lines run as the queue's tasks from now on: nothing of the batch's reservation is spent here.
      await settleBatchCharges(trx, batch.id, []);
      return 'queue';
    }
  }
  const ctx = contextOf(batch, deps.providerKey);
  if (cancelling && !native.cancelSent) {
    await api.cancel(ctx, native.id);
    await setBatchNative(trx, batch.id, { ...native, cancelSent: true });
    return undefined;
  }
  const pollMs = Number(deps.env.BATCH_NATIVE_POLL_MS) > 0 ? Number(deps.env.BATCH_NATIVE_POLL_MS) : DEFAULT_POLL_MS;
  if (native.polledAt && now.getTime() - Date.parse(native.polledAt) < pollMs) return undefined;
  const ended = await api.ended(ctx, native.id);
  await setBatchNative(trx, batch.id, { ...native, polledAt: now.toISOString() });
  if (!ended) return undefined;
  const results = await api.results(ctx, native.id, requests);
  const priced = lines.map((l) => withResult(batch, l, results.get(upstreamId(l.line)), deps.providerKey !== undefined));
  const usage = priced.flatMap((l) => (l.status === 'completed' ? [usageOf(batch, l)] : []));
  // Written with the batch's end, in its transaction: a turn that fails writes neither, the next one both.
  await insertUsageBatch(trx, usage);
  await settleBatchCharges(trx, batch.id, usage.map((u) => u.cost));
  const unrun = priced.some((l) => !l.refusal && l.status === null);
  return { status: cancelling ? 'cancelled' : unrun ? 'expired' : 'completed', lines: priced };
}

/** The custom id a line goes upstream with: Anthropic takes [A-Za-z0-9_-]{1,64}, and the caller's own may not fit. */
function upstreamId(line: number): string {
  return `line-${line}`;
}

function withResult(batch: BatchRow, l: BatchLineResult, end: NativeLineResult | undefined, byok: boolean): BatchLineResult {
  if (!end || l.refusal) return l;
  if (!end.ok) {
    const type = end.status >= 500 ? 'api_error' : end.status === 429 ? 'rate_limit_error' : 'invalid_request_error';
    return { ...l, refusal: { status: end.status, body: { error: { message: end.message, type, param: null, code: end.code } } } };
  }
  const r = end.result;
  return { ...l, status: 'completed', result: { ...r, cost: nativeBatchCost(batch.native!.provider, r.model, r.usage, { byok }) } };
}

function usageOf(batch: BatchRow, l: BatchLineResult): UsageRecord {
  return completionUsage(l.result, {
    keyId: batch.key_id,
    taskId: l.task_id,
    surface: 'native',
    ...(batch.service ? { service: batch.service } : {}),
    ...(batch.tag ? { tag: batch.tag } : {}),
  });
}
