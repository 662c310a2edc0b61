import type { Knex } from 'knex';
import { TEAM_COLUMNS, type TeamRow } from './teamRow.ts';

export async function listTeams(db: Knex): Promise<TeamRow[]> {
  return db('gateway_teams').select(TEAM_COLUMNS).orderBy('created_at').orderBy('id');
}
