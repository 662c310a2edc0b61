import type { Knex } from 'knex';
import type { UpstreamLeftoverRow } from './upstreamLeftovers.ts';

/** Leftovers to retry, agents first (a tool or webhook cannot go while an agent uses it), oldest attempt first. */
export async function listUpstreamLeftovers(db: Knex, limit: number): Promise<UpstreamLeftoverRow[]> {
  return db('agent_upstream_leftovers')
    .orderByRaw(`CASE kind WHEN 'agent' THEN 0 ELSE 1 END`)
    .orderByRaw('last_attempt_at NULLS FIRST')
    .orderBy('id')
    .limit(limit);
}
