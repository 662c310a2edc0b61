import type { Knex } from 'knex';
import { TEAM_COLUMNS, type TeamRow } from './teamRow.ts';

/**
 * Deletes a team no active key belongs to; revoked keys lose it. Answers the
 * team, 'in_use' while an active key has it, or undefined when there is none.
 */
export async function deleteTeam(db: Knex, id: string): Promise<TeamRow | 'in_use' | undefined> {
  return db.transaction(async (trx) => {
    const team = await trx('gateway_teams').select(TEAM_COLUMNS).where({ id }).forUpdate().first();
    if (!team) return undefined;
    const active = await trx('gateway_keys').where({ team_id: id }).whereNull('revoked_at').first('id');
    if (active) return 'in_use';
    await trx('gateway_keys').where({ team_id: id }).update({ team_id: null });
    await trx('gateway_teams').where({ id }).delete();
    return team;
  });
}
