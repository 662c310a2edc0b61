import type { Knex } from 'knex';

/** A retried leftover: gone upstream (the row goes), or still there (counted, with why). */
export async function settleUpstreamLeftover(db: Knex, id: string, outcome: { removed: true } | { removed: false; reason: string }): Promise<void> {
  if (outcome.removed) {
    await db('agent_upstream_leftovers').where({ id }).delete();
    return;
  }
  await db('agent_upstream_leftovers')
    .where({ id })
    .update({ attempts: db.raw('attempts + 1'), last_attempt_at: db.fn.now(), reason: outcome.reason.slice(0, 1000) });
}
