// Runs one queued completion: cache, upstream call (streamed or not), cost,
// usage, and the task's end state. Streamed tasks persist every canonical
// event so clients can attach at any time and replay from the start.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Knex } from 'knex';
import type { CanonicalRequest, ContentPart, Message } from '../../protocols/canonical.ts';
import type { TaskRow } from '../../db/gateway/getTask.ts';
import type { TaskOutcome } from '../../db/gateway/finishTask.ts';
import { getUpload } from '../../db/gateway/getUpload.ts';
import { getCachedResult } from '../../db/gateway/getCachedResult.ts';
import { putCachedResult } from '../../db/gateway/putCachedResult.ts';
import { deleteChunks } from '../../db/gateway/deleteChunks.ts';
import type { PricedResult } from '../completion.ts';
import { completeRouted, payerOf, resumeRoute, streamRouted } from '../routing.ts';
import type { RoutingPolicy } from '../../protocols/routing.ts';
import { completionUsage } from '../usageBatch.ts';
import { ApiError } from '../../protocols/errors.ts';
import { ChunkWriter } from '../../jobs/chunkWriter.ts';
import { callerOfTask, failedOutcome, type TaskRunner } from './types.ts';

/** What a completion task stores as its request: the canonical request plus native-only options. */
export interface StoredCompletion {
  request: CanonicalRequest;
  cache?: { enabled?: boolean; ttl?: number };
  routing?: RoutingPolicy;
}

// Keys sorted: a task claimed at submit runs the request as the client's JSON
// ordered it, a task fetched later as jsonb stored it, and both must find one entry.
export function cacheKeyOf(keyId: string, request: CanonicalRequest): string {
  return createHash('sha256').update(keyId).update('\0').update(JSON.stringify(request, sortedKeys)).digest('hex');
}

function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const sorted: Record<string, unknown> = Object.create(null);
  for (const k of Object.keys(value).sort()) sorted[k] = (value as Record<string, unknown>)[k];
  return sorted;
}

/** Replaces video fileIds with the uploaded bytes; adapters only see inline data. */
async function inlineUploads(db: Knex, keyId: string, messages: Message[]): Promise<Message[]> {
  const out: Message[] = [];
  for (const m of messages) {
    if (m.role !== 'user' || typeof m.content === 'string') {
      out.push(m);
      continue;
    }
    const parts: ContentPart[] = [];
    for (const part of m.content) {
      if (part.type === 'video' && part.fileId && !part.data) {
        const upload = await getUpload(db, part.fileId, keyId);
        if (!upload) throw new ApiError('invalid_request', `fileId ${part.fileId} is unknown or expired`, { code: 'file_not_found' });
        parts.push({ type: 'video', mimeType: part.mimeType || upload.mime_type, data: (await readFile(upload.path)).toString('base64') });
      } else parts.push(part);
    }
    out.push({ ...m, content: parts });
  }
  return out;
}

export const runCompletionTask: TaskRunner = async (deps, task, signal, finish) => {
  const { db, notifier } = deps;
  const stored = task.request as StoredCompletion;
  const caller = callerOfTask(task);
  const writer = task.stream ? new ChunkWriter(db, notifier, task.id) : undefined;
  // A retried task (its worker died) starts its stream over.
  if (writer && task.attempts > 1) await deleteChunks(db, task.id);

  let outcome: TaskOutcome;
  try {
    const route = resumeRoute({ ...stored.request, messages: await inlineUploads(db, task.key_id, stored.request.messages) }, caller, stored.routing);
    const cacheKey = stored.cache?.enabled ? cacheKeyOf(task.key_id, stored.request) : undefined;
    const hit = cacheKey ? ((await getCachedResult(db, cacheKey)) as PricedResult | undefined) : undefined;
    let result: PricedResult;
    if (hit) {
      // No deployment served a cached answer: its usage row names none.
      const { deployment: _, ...answer } = hit as PricedResult & { deployment?: string };
      result = { ...answer, cost: { customerPrice: 0, currency: 'USD', billing: hit.cost.billing, cached: true } };
    } else if (writer) {
      let final: PricedResult | undefined;
      for await (const event of streamRouted(route, caller, signal)) {
        if (event.type === 'result') final = event.result;
        else writer.write(event.type, event);
      }
      result = final!;
    } else {
      result = await completeRouted(route, caller, signal);
    }
    if (cacheKey && !hit) await putCachedResult(db, cacheKey, result, stored.cache?.ttl ?? 3600);
    outcome = { status: 'completed', result, usage: completionUsage(result, payerOf(caller, stored.request.provider, result.provider)) };
  } catch (err) {
    if (signal.aborted) {
      // Cancelled: the cancel already wrote the task's end state.
      await writer?.flush();
      return;
    }
    outcome = failedOutcome(deps, task, err);
  }
  if (writer) {
    writer.write('end', outcome.status === 'completed' ? { status: 'completed', result: outcome.result } : { status: 'error', error: outcome.error });
    await writer.flush();
  }
  await finish(outcome);
};
