import type { Knex } from 'knex';

export async function findTeamByName(db: Knex, name: string): Promise<string | undefined> {
  return (await db('gateway_teams').select('id').where({ name }).first())?.id;
}
