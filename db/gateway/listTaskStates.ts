import type { Knex } from 'knex';

/** The status of each of these tasks that still exists. */
export async function listTaskStates(db: Knex, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows: Array<{ id: string; status: string }> = await db('gateway_tasks').select('id', 'status').whereIn('id', ids);
  return new Map(rows.map((r) => [r.id, r.status]));
}
