import { PassThrough } from 'node:stream';
import type { Handler } from '../types.ts';
import { relayTaskStream } from '../../core/streamRelay.ts';
import { isMediaKind } from '../../core/tasks/media.ts';
import { ApiError } from '../../protocols/errors.ts';
import { runtimeOf } from '../gatewayContext.ts';
import { ownTask } from './_context.ts';
import type { StreamQueueTaskData } from '../../generated/gateway/types.gen.ts';

const streamQueueTask: Handler<StreamQueueTaskData> = async (ctx, { body }) => {
  const task = await ownTask(ctx, body.queueId);
  if (task.kind !== 'completion' && !isMediaKind(task.kind)) {
    throw new ApiError('invalid_request', `Only completion and media tasks stream; this is a ${task.kind} task: use POST /api/llm/queue/result`, {
      code: 'not_streamable',
    });
  }
  const out = new PassThrough();
  const closed = new AbortController();
  // The client leaving ends the relay, never the task. The listener goes with the stream: a kept-alive socket carries many.
  const socket = ctx.req.socket;
  const onClose = () => closed.abort();
  socket.once('close', onClose);
  socket.setTimeout(0);
  socket.setNoDelay(true);
  ctx.status = 200;
  ctx.set({ 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
  ctx.body = out;
  const { db } = ctx.state.deps;
  relayTaskStream({ db, notifier: runtimeOf(ctx).notifier, task, out, closed: closed.signal })
    .catch((err) => {
      ctx.state.log.error({ err, taskId: task.id }, 'stream relay failed');
      out.write(`event: error\ndata: ${JSON.stringify({ message: 'stream relay failed', code: 'internal_error' })}\n\n`);
    })
    .finally(() => {
      socket.off('close', onClose);
      out.end();
    });
};

export default streamQueueTask;
