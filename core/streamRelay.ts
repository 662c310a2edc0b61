// Relays a queued task's stream to one SSE client. The worker persists
// canonical events (jobs/chunkWriter.ts); this replays them from the first one
// and follows new ones, so a client may attach before, during or after the
// run, on any instance, and leaving does not stop the task.
import type { Knex } from 'knex';
import type { Writable } from 'node:stream';
import type { FinishReason, StreamEvent } from '../protocols/canonical.ts';
import { NativeStreamEncoder } from '../protocols/nativeStream.ts';
import { sseEvent } from '../protocols/compat.ts';
import { getTaskState, type TaskState } from '../db/gateway/getTaskState.ts';
import { listChunks } from '../db/gateway/listChunks.ts';
import type { ChunkRow } from '../db/gateway/insertChunks.ts';
import { localChunks } from '../jobs/chunkWriter.ts';
import type { Notifier } from '../jobs/notifier.ts';
import type { PricedResult } from './completion.ts';
import { wakeup } from './wakeup.ts';

const STATUS_CHECK_MS = 2_000;

type EndRow = { status: 'completed'; result: PricedResult } | { status: 'error'; error: { message: string; code: string } };

/** The events a finished result would have streamed: used for non-streamed and cached tasks. */
export function eventsOfResult(result: PricedResult): StreamEvent[] {
  const events: StreamEvent[] = [];
  if (result.content) events.push({ type: 'text', delta: result.content });
  result.toolCalls?.forEach((call, index) => {
    events.push({ type: 'tool_call_start', index, id: call.id, name: call.function.name });
    if (call.function.arguments) events.push({ type: 'tool_call_args', index, delta: call.function.arguments });
  });
  if (result.citations) events.push({ type: 'citations', urls: result.citations });
  return events;
}

function endOfTask(task: TaskState): EndRow | undefined {
  if (task.status === 'completed') return { status: 'completed', result: task.result };
  if (task.status === 'error') return { status: 'error', error: task.error ? { message: task.error.message, code: task.error.code } : { message: 'The task failed', code: 'task_failed' } };
  if (task.status === 'cancelled') return { status: 'error', error: { message: 'The task was cancelled', code: 'task_cancelled' } };
  return undefined;
}

export async function relayTaskStream(o: { db: Knex; notifier: Notifier; task: TaskState; out: Writable; closed: AbortSignal }): Promise<void> {
  const { db, notifier, out, closed } = o;
  const taskId = o.task.id;
  const encoder = new NativeStreamEncoder({ provider: o.task.provider as never, model: o.task.model ?? '' });
  let lastSeq = 0;
  let sawContent = false;
  let finished = false;
  const pause = wakeup();
  const onPoke = () => pause.poke();
  const onNotify = (payload: string) => {
    // Payloads name one task (`id:seq`) or several (`id,id,…`).
    if (payload.includes(taskId)) onPoke();
  };
  const onLocal = (rows: ChunkRow[]) => {
    // Rows persisted by this very process: write them without reading them back.
    if (rows[0]?.seq === lastSeq + 1) handleRows(rows);
    else onPoke();
  };

  // Media tasks stream their progress, then done: the result itself is fetched from the result endpoint.
  const media = o.task.kind !== 'completion';
  const write = (text: string) => {
    if (text && !closed.aborted) out.write(text);
  };
  const finishWith = (end: EndRow) => {
    if (media) {
      write(end.status === 'completed' ? sseEvent('done', {}) : sseEvent('error', end.error));
      finished = true;
      return;
    }
    if (end.status === 'completed') {
      if (!sawContent) for (const e of eventsOfResult(end.result)) write(encoder.pushSse(e as never));
      const usage = end.result.usage;
      write(encoder.finishSse({ type: 'finish', finishReason: end.result.finishReason as FinishReason, usage } as never, end.result.cost));
      write(sseEvent('done', {}));
    } else {
      write(sseEvent('error', end.error));
    }
    finished = true;
  };
  const handleRows = (rows: ChunkRow[]) => {
    for (const row of rows) {
      if (finished || row.seq <= lastSeq) continue;
      lastSeq = row.seq;
      // The end row is written before the task's end commits (and stays if that
      // write fails and the task runs again): the stream ends only from the
      // committed row, so a result read after done is always there.
      if (row.event === 'end') continue;
      else if (row.event === 'progress') write(sseEvent('progress', row.data));
      else if (row.event !== 'finish') {
        // The finish event's usage has no cost yet; the end row carries both.
        sawContent = true;
        write(encoder.pushSse(row.data as never));
      }
    }
    if (finished) pause.poke();
  };

  localChunks.on(taskId, onLocal);
  notifier.on('gateway_chunk', onNotify);
  notifier.on('gateway_done', onNotify);
  closed.addEventListener('abort', onPoke, { once: true });
  try {
    write(sseEvent('start', { queueId: taskId }));
    while (!finished && !closed.aborted) {
      pause.arm();
      handleRows(await listChunks(db, taskId, lastSeq));
      if (finished) break;
      const task = await getTaskState(db, taskId);
      const end = task && endOfTask(task);
      if (end) {
        // A run that ended may have written its last rows after our read.
        handleRows(await listChunks(db, taskId, lastSeq));
        if (!finished) finishWith(end);
        break;
      }
      await pause.pause(STATUS_CHECK_MS);
    }
  } finally {
    localChunks.off(taskId, onLocal);
    notifier.off('gateway_chunk', onNotify);
    notifier.off('gateway_done', onNotify);
  }
}
