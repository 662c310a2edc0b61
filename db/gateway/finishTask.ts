import type { Knex } from 'knex';

/**
 * Ends a task that is still running. Returns false when it had already ended
 * (cancelled meanwhile), so a late result never overwrites a cancel.
 */
export async function finishTask(
  db: Knex,
  id: string,
  outcome: { status: 'completed'; result: unknown } | { status: 'error'; error: { message: string; code: string } },
): Promise<boolean> {
  const count = await db('gateway_tasks')
    .where({ id })
    .whereIn('status', ['queued', 'processing'])
    .update({
      status: outcome.status,
      result: outcome.status === 'completed' ? JSON.stringify(outcome.result) : null,
      error: outcome.status === 'error' ? JSON.stringify(outcome.error) : null,
      finished_at: db.fn.now(),
      provider_key: null,
    });
  return count > 0;
}
