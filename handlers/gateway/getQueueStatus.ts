import type { Handler } from '../types.ts';
import { getQueuePosition } from '../../db/gateway/getQueuePosition.ts';
import { ok, ownTask } from './_context.ts';
import type { GetQueueStatusData } from '../../generated/gateway/types.gen.ts';

const getQueueStatus: Handler<GetQueueStatusData> = async (ctx, { body }) => {
  const task = await ownTask(ctx, body.queueId);
  const position = task.status === 'queued' ? await getQueuePosition(ctx.state.deps.db, task) : 0;
  ok(ctx, {
    queueId: task.id,
    status: task.status,
    position,
    createdAt: task.created_at.toISOString(),
    startedAt: task.started_at ? task.started_at.toISOString() : null,
    ...(task.finished_at ? { finishedAt: task.finished_at.toISOString() } : {}),
    ...(task.status === 'error' && task.error ? { error: task.error.message } : {}),
    ...(task.progress ? { progress: task.progress } : {}),
  });
};

export default getQueueStatus;
