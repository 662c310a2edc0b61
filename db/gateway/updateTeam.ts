import type { Knex } from 'knex';
import { TEAM_COLUMNS, type TeamRow } from './teamRow.ts';
import { storedChanges } from './gatewayKeyRow.ts';

/** undefined when no team has this id; throws PostgreSQL's unique violation (23505) when the name is taken. */
export async function updateTeam(db: Knex, id: string, changes: Partial<Omit<TeamRow, 'id' | 'created_at' | 'updated_at'>>): Promise<TeamRow | undefined> {
  const [row] = await db('gateway_teams')
    .where({ id })
    .update({ ...storedChanges(changes), updated_at: db.fn.now() })
    .returning(TEAM_COLUMNS as unknown as string[]);
  return row;
}
