import type { Knex } from 'knex';
import { DROP_INPUT } from './finishTask.ts';
import { settleTaskChargesStatement } from './settleTaskCharges.ts';

/**
 * Cancels a queued or processing task of this key; returns the status it had,
 * or undefined if it could not be cancelled. What the task reserved of its
 * budgets is given back in the same transaction.
 */
export async function cancelTask(db: Knex, id: string, keyId: string): Promise<'queued' | 'processing' | undefined> {
  return db.transaction(async (trx) => {
    const result = await trx.raw(
      `UPDATE gateway_tasks t SET status = 'cancelled', finished_at = now(), provider_key = NULL, request = ${DROP_INPUT},
              error = '{"message":"cancelled by the caller","code":"task_cancelled"}'::jsonb
         FROM (SELECT id, status FROM gateway_tasks WHERE id = ? AND key_id = ? FOR UPDATE) before
        WHERE t.id = before.id AND before.status IN ('queued', 'processing')
    RETURNING before.status`,
      [id, keyId],
    );
    const status = result.rows[0]?.status;
    if (status) {
      const release = settleTaskChargesStatement([id], []);
      await trx.raw(release.text.replace('$1', '?').replace('$2', '?'), release.values as never);
    }
    return status;
  });
}
