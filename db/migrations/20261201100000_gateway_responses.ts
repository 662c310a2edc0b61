import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Stored /v1/responses answers: read back by GET /v1/responses/{id} and
  // continued by previous_response_id, only by the key that created them.
  await knex.schema.createTable('gateway_responses', (t) => {
    t.text('id').primary();
    t.uuid('key_id').notNullable();
    // The canonical conversation so far (input items and the answer), flattened so a continuation reads one row.
    t.jsonb('conversation').notNullable();
    // The response object exactly as the client received it.
    t.jsonb('response').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
  await knex.raw('CREATE INDEX gateway_responses_expires ON gateway_responses (expires_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('gateway_responses');
}
