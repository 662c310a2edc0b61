// What the four /v1 media handlers share: the native media task, submitted
// for the caller and waited for (core/media/wait.ts), errors in the OpenAI
// shape under the protocol's own parameter names, and the answer's headers.
import { createReadStream } from 'node:fs';
import type { Cost } from '../../protocols/canonical.ts';
import { ApiError } from '../../protocols/errors.ts';
import type { PreparedMedia } from '../../core/media/prepare.ts';
import { submitAndWait, type CompletedTask } from '../../core/media/wait.ts';
import { toApiError } from '../../core/errors.ts';
import type { Caller } from '../../core/providerCall.ts';
import { mediaStore } from '../../media/store.ts';
import { streamJsonWithFiles } from '../../media/resultJson.ts';
import type { ApiContext } from '../types.ts';
import { admitMedia, callerOf, clientSignal, runtimeOf, setRateLimitHeaders } from '../gatewayContext.ts';

/** The native request's field names as the protocol names them, for the `param` of an error. */
export type ParamNames = Record<string, string>;

const COMMON: ParamNames = { provider: 'model' };

function compatError(err: unknown, names: ParamNames): ApiError {
  const e = toApiError(err, 'openai');
  const base = e.param?.split('.')[0];
  const param = base !== undefined ? (names[base] ?? COMMON[base]) : undefined;
  if (param === undefined) return e;
  return new ApiError(e.kind, e.message, { code: e.code, param, status: e.status, headers: e.headers, fields: e.fields });
}

/**
 * Prepares the native media task (every refusal happens here, before
 * anything is stored), runs it on the queue and waits for its end; the
 * answer carries the task's id. `surface` goes on its usage row.
 */
export async function runMediaTask(
  ctx: ApiContext,
  surface: string,
  names: ParamNames,
  prepare: (caller: Caller) => PreparedMedia | Promise<PreparedMedia>,
): Promise<CompletedTask> {
  const caller = callerOf(ctx, surface);
  try {
    const prepared = await prepare(caller);
    const ticket = await admitMedia(ctx, prepared, caller);
    setRateLimitHeaders(ctx, ticket);
    const task = await submitAndWait({ runtime: runtimeOf(ctx), db: ctx.state.deps.db, caller, prepared, signal: clientSignal(ctx), ticket });
    ctx.set('x-switchyard-queue-id', task.id);
    return task;
  } catch (err) {
    throw compatError(err, names);
  }
}

/** Maps a failure while reading the request (before any task) into the OpenAI shape. */
export function asCompatError(err: unknown, names: ParamNames): ApiError {
  return compatError(err, names);
}

/** A JSON answer whose file references are streamed from the task's storage as base64. */
export function answerJsonWithFiles(ctx: ApiContext, task: CompletedTask, value: unknown): void {
  const store = mediaStore();
  const { length, stream } = streamJsonWithFiles(value, (name) => store.path(task.id, name));
  ctx.status = 200;
  ctx.type = 'application/json';
  ctx.length = length;
  ctx.body = stream;
}

/** One stored file as the whole answer (speech). */
export function answerFile(ctx: ApiContext, task: CompletedTask, file: { $file: string; size: number }, mimeType: string): void {
  ctx.status = 200;
  ctx.type = mimeType;
  ctx.length = file.size;
  ctx.body = createReadStream(mediaStore().path(task.id, file.$file));
}

/** The cost of an answer whose body has no room for it. */
export function setCostHeader(ctx: ApiContext, cost: Cost): void {
  ctx.set('x-switchyard-cost', JSON.stringify(cost));
}
