import type { Knex } from 'knex';
import { TEAM_COLUMNS, type TeamRow } from './teamRow.ts';

export async function getTeam(db: Knex, id: string): Promise<TeamRow | undefined> {
  return db('gateway_teams').select(TEAM_COLUMNS).where({ id }).first();
}
