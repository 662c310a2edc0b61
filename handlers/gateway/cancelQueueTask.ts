import type { Handler } from '../types.ts';
import { ApiError } from '../../protocols/errors.ts';
import { body, callerOf, ok, ownTask, runtimeOf } from './_context.ts';
import type { QueueIdBody } from '../../generated/gateway/types.gen.ts';

const cancelQueueTask: Handler = async (ctx) => {
  const { queueId } = body<QueueIdBody>(ctx);
  const task = await ownTask(ctx, queueId);
  const before = await runtimeOf(ctx).queue.cancel(task.id, callerOf(ctx).keyId);
  if (!before) throw new ApiError('conflict', `The task already ended (${task.status})`, { code: 'task_finished' });
  ok(ctx, { queueId: task.id, status: 'cancelled' }, 200, before === 'processing' ? 'Task cancelled; the provider request was aborted' : 'Task cancelled');
};

export default cancelQueueTask;
