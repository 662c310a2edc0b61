import type { Handler } from '../types.ts';
import type { ListQueueTasksData } from '../../generated/gateway/types.gen.ts';
import { listTasks } from '../../db/gateway/listTasks.ts';
import { ok } from './_context.ts';
import { taskScopeOf } from './_console.ts';

const listQueueTasks: Handler<ListQueueTasksData> = async (ctx, { query }) => {
  const tasks = await listTasks(ctx.state.deps.db, taskScopeOf(ctx), { status: query.status, provider: query.provider, limit: query.limit ?? 50 });
  ok(ctx, tasks.map((t) => ({
    queueId: t.id,
    kind: t.kind,
    provider: t.provider,
    model: t.model,
    status: t.status,
    ...(t.error?.code ? { errorCode: t.error.code } : {}),
    ...(t.error?.message ? { error: t.error.message } : {}),
    keyName: t.key_name,
    createdAt: t.created_at.toISOString(),
    ...(t.started_at ? { startedAt: t.started_at.toISOString() } : {}),
    ...(t.finished_at ? { finishedAt: t.finished_at.toISOString() } : {}),
  })));
};

export default listQueueTasks;
