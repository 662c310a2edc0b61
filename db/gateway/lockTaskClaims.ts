import type { Knex } from 'knex';

// One key for every claim of a gateway task, whichever process or path makes
// it: the per-provider limit is a count of active jobs, and two claims
// counting at the same moment would both see the last free slot.
export const LOCK_TASK_CLAIMS = `SELECT pg_advisory_xact_lock(hashtext('switchyard.gateway-task-claims'))`;

/** Serialises task claims until the transaction ends. */
export async function lockTaskClaims(trx: Knex.Transaction): Promise<void> {
  await trx.raw(LOCK_TASK_CLAIMS);
}
