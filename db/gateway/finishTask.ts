import type { Knex } from 'knex';

export type TaskOutcome = { status: 'completed'; result: unknown } | { status: 'error'; error: { message: string; code: string } };

/**
 * Ends tasks that are still running, in one statement. Answers, per input,
 * whether it ended it: false when it had already ended (cancelled meanwhile),
 * so a late result never overwrites a cancel.
 */
export async function finishTasks(db: Knex, outcomes: Array<{ id: string; outcome: TaskOutcome }>): Promise<boolean[]> {
  const values = outcomes.map(() => '(?::uuid, ?::text, ?::jsonb, ?::jsonb)').join(', ');
  const bindings = outcomes.flatMap(({ id, outcome }) => [
    id,
    outcome.status,
    outcome.status === 'completed' ? JSON.stringify(outcome.result) : null,
    outcome.status === 'error' ? JSON.stringify(outcome.error) : null,
  ]);
  const { rows } = await db.raw(
    `UPDATE gateway_tasks t
        SET status = v.status, result = v.result, error = v.error, finished_at = now(), provider_key = NULL
       FROM (VALUES ${values}) AS v(id, status, result, error)
      WHERE t.id = v.id AND t.status IN ('queued', 'processing')
  RETURNING t.id`,
    bindings,
  );
  const ended = new Set((rows as Array<{ id: string }>).map((r) => r.id));
  return outcomes.map((o) => ended.has(o.id));
}
