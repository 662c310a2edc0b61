import type { ApiContext, Handler } from '../types.ts';
import { ApiError } from '../../protocols/errors.ts';
import { ok, ownTask } from './_context.ts';
import { keyOf, runtimeOf } from '../gatewayContext.ts';
import type { GetQueueResultData } from '../../generated/gateway/types.gen.ts';
import { containsFiles, streamJsonWithFiles } from '../../media/resultJson.ts';
import { mediaStore } from '../../media/store.ts';
import { takeEmbeddings } from '../../db/gateway/takeEmbeddings.ts';

const getQueueResult: Handler<GetQueueResultData> = async (ctx, { body }) => {
  // Most polls of a running task reach the process running it: it knows, without a query.
  if (runtimeOf(ctx).queue.runningHere(body.queueId, keyOf(ctx).keyId)) return processing(ctx, body.queueId);
  const task = await ownTask(ctx, body.queueId);
  switch (task.status) {
    case 'completed': {
      if (task.kind === 'embeddings') return ok(ctx, { queueId: task.id, status: 'completed', result: await takenEmbeddings(ctx, task.id) });
      const data = { queueId: task.id, status: 'completed', result: task.result };
      if (!containsFiles(task.result)) return ok(ctx, data);
      // Media results reference their files; the base64 the contract shows is streamed from disk.
      const store = mediaStore();
      const { length, stream } = streamJsonWithFiles({ success: true, data }, (name) => store.path(task.id, name));
      ctx.status = 200;
      ctx.type = 'application/json';
      ctx.length = length;
      ctx.body = stream;
      return;
    }
    case 'queued':
      return ok(ctx, { queueId: task.id, status: task.status }, 202, 'Task is queued; try again shortly');
    case 'processing':
      return processing(ctx, task.id);
    case 'cancelled':
      throw new ApiError('conflict', 'The task was cancelled', { code: 'task_cancelled' });
    case 'error':
      throw new ApiError('conflict', task.error?.message ?? 'The task failed', { code: 'task_failed' });
  }
};

// Vectors are answered once and not retained (document 2).
async function takenEmbeddings(ctx: ApiContext, id: string): Promise<unknown> {
  const result = await takeEmbeddings(ctx.state.deps.db, id, keyOf(ctx).keyId);
  if (result === undefined) {
    throw new ApiError('gone', 'The embeddings of this task were returned by an earlier read and are not retained', { code: 'result_already_read' });
  }
  return result;
}

function processing(ctx: ApiContext, queueId: string): void {
  ok(ctx, { queueId, status: 'processing' }, 202, 'Task is processing; try again shortly');
}

export default getQueueResult;
