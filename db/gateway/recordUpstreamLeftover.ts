import type { Knex } from 'knex';
import type { UpstreamLeftoverKind } from './upstreamLeftovers.ts';

/** Remembers an upstream part to delete later; recording it twice keeps one row. */
export async function recordUpstreamLeftover(db: Knex, kind: UpstreamLeftoverKind, upstreamId: string, reason: string): Promise<void> {
  await db('agent_upstream_leftovers')
    .insert({ kind, upstream_id: upstreamId, reason: reason.slice(0, 1000) })
    .onConflict(['kind', 'upstream_id'])
    .merge({ reason: reason.slice(0, 1000) });
}
