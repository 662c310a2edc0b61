import type { Knex } from 'knex';

/** 1-based place among the provider's queued tasks (0 once processing, as document 1 says). */
export async function getQueuePosition(db: Knex, task: { provider: string; created_at: Date; id: string }): Promise<number> {
  const row = await db('gateway_tasks')
    .where({ provider: task.provider, status: 'queued' })
    .andWhere((q) => q.where('created_at', '<', task.created_at).orWhere((q2) => q2.where('created_at', task.created_at).andWhere('id', '<', task.id)))
    .count<{ count: string }[]>('* as count')
    .first();
  return Number(row?.count ?? 0) + 1;
}
