import type { Handler } from '../types.ts';
import { getQueuePosition } from '../../db/gateway/getQueuePosition.ts';
import { ok, ownTask } from './_context.ts';
import type { GetQueueStatusData, QueueTask, TaskProgress } from '../../generated/gateway/types.gen.ts';

const getQueueStatus: Handler<GetQueueStatusData> = async (ctx, { body }) => {
  const task = await ownTask(ctx, body.queueId);
  const position = task.status === 'queued' ? await getQueuePosition(ctx.state.deps.db, task) : 0;
  const status: QueueTask = {
    queueId: task.id,
    status: task.status,
    position,
    createdAt: task.created_at.toISOString(),
    startedAt: task.started_at ? task.started_at.toISOString() : null,
    finishedAt: task.finished_at ? task.finished_at.toISOString() : null,
    // Written by the media runner in the TaskProgress shape (core/tasks/media.ts).
    ...(task.progress ? { progress: task.progress as TaskProgress } : {}),
  };
  // A failed task says why, so the caller need not fetch the result to learn it.
  if (task.status === 'error') {
    status.error = task.error?.message ?? 'The task failed';
    if (task.error?.code) status.errorCode = task.error.code;
  }
  ok(ctx, status);
};

export default getQueueStatus;
