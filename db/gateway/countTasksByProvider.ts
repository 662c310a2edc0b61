import type { Knex } from 'knex';

/** Queued and processing tasks per provider, across every worker process. */
export async function countTasksByProvider(db: Knex): Promise<Record<string, { queued: number; processing: number }>> {
  const rows: Array<{ provider: string; status: string; count: string }> = await db('gateway_tasks')
    .select('provider', 'status')
    .count('* as count')
    .whereIn('status', ['queued', 'processing'])
    .groupBy('provider', 'status');
  const out: Record<string, { queued: number; processing: number }> = {};
  for (const r of rows) {
    out[r.provider] ??= { queued: 0, processing: 0 };
    out[r.provider]![r.status as 'queued' | 'processing'] = Number(r.count);
  }
  return out;
}
