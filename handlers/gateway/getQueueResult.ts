import type { Handler } from '../types.ts';
import { ApiError } from '../../protocols/errors.ts';
import { ok, ownTask } from './_context.ts';
import type { GetQueueResultData } from '../../generated/gateway/types.gen.ts';

const getQueueResult: Handler<GetQueueResultData> = async (ctx, { body }) => {
  const task = await ownTask(ctx, body.queueId);
  switch (task.status) {
    case 'completed':
      return ok(ctx, { queueId: task.id, status: 'completed', result: task.result });
    case 'queued':
    case 'processing':
      return ok(ctx, { queueId: task.id, status: task.status }, 202, `Task is ${task.status}; try again shortly`);
    case 'cancelled':
      throw new ApiError('conflict', 'The task was cancelled', { code: 'task_cancelled' });
    case 'error':
      throw new ApiError('conflict', task.error?.message ?? 'The task failed', { code: 'task_failed' });
  }
};

export default getQueueResult;
