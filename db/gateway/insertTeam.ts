import type { Knex } from 'knex';
import { TEAM_COLUMNS, type TeamRow } from './teamRow.ts';
import { storedChanges } from './gatewayKeyRow.ts';

/** undefined when another team has the name. */
export async function insertTeam(db: Knex, team: Partial<Omit<TeamRow, 'id' | 'created_at' | 'updated_at'>> & { name: string }): Promise<TeamRow | undefined> {
  const [row] = await db('gateway_teams')
    .insert(storedChanges(team))
    .onConflict('name')
    .ignore()
    .returning(TEAM_COLUMNS as unknown as string[]);
  return row;
}
