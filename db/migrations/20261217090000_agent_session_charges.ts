import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // What a session reserved of its key's budgets when it started (as
  // gateway_tasks.charges): settled by its post-call webhook with the usage
  // row; released (r set to 0, the meters kept) when it expires without one.
  await knex.raw(`ALTER TABLE agent_sessions ADD COLUMN charges jsonb`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE agent_sessions DROP COLUMN charges`);
}
