import type { Knex } from 'knex';

/** Each key's team as its row says now: keys without a team (and ids no row has) are left out. */
export async function getKeyTeams(db: Knex, keyIds: string[]): Promise<Map<string, string>> {
  if (!keyIds.length) return new Map();
  const rows: Array<{ id: string; team_id: string }> = await db('gateway_keys').select('id', 'team_id').whereIn('id', keyIds).whereNotNull('team_id');
  return new Map(rows.map((r) => [r.id, r.team_id]));
}
