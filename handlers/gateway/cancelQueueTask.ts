import type { Handler } from '../types.ts';
import { ApiError } from '../../protocols/errors.ts';
import { dropTaskInputs } from '../../core/engineInput.ts';
import { getTaskInScope } from '../../db/gateway/getTaskInScope.ts';
import { runtimeOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';
import { taskScopeOf } from './_console.ts';
import type { CancelQueueTaskData } from '../../generated/gateway/types.gen.ts';

const cancelQueueTask: Handler<CancelQueueTaskData> = async (ctx, { body }) => {
  const task = await getTaskInScope(ctx.state.deps.db, body.queueId, taskScopeOf(ctx));
  if (!task) throw new ApiError('not_found', `No task ${body.queueId}`, { code: 'not_found' });
  const before = await runtimeOf(ctx).queue.cancel(task.id, task.key_id);
  if (!before) throw new ApiError('conflict', `The task already ended (${task.status})`, { code: 'task_finished' });
  // A task cancelled while queued never runs, so nothing else would delete what it was submitted with (a running one's runner does).
  if (before === 'queued') await dropTaskInputs(task.id);
  ok(ctx, { queueId: task.id, status: 'cancelled' }, 200, before === 'processing' ? 'Task cancelled; the provider request was aborted' : 'Task cancelled');
};

export default cancelQueueTask;
