import type { Knex } from 'knex';

// A key's default routing policy (retries, fallbacks, timeouts); a request's own `routing` members win.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('gateway_keys', (t) => {
    t.jsonb('routing');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('gateway_keys', (t) => {
    t.dropColumn('routing');
  });
}
