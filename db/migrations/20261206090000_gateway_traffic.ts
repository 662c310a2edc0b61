import type { Knex } from 'knex';

// What a usage row cannot say: calls that failed (they bill nothing, so they
// write no usage row) and how long calls took. gateway_traffic counts the /v1
// calls per UTC day, provider, model, error code (NULL: answered without
// error) and latency bucket (core/console/traffic.ts: buckets growing by
// 25%), three times over: for the whole gateway (`scope` 'all', `subject`
// NULL), for the calling key's team ('team', that team's id) and for the key
// ('key', its id). Each reader reads only its own scope's rows, so an admin's
// month is a few thousand rows whatever the number of keys. Each process adds
// its counts in one upsert every few seconds, never on a call's path.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE gateway_traffic (
      scope text NOT NULL CHECK (scope IN ('all', 'team', 'key')),
      subject uuid,
      day date NOT NULL,
      provider text,
      model text,
      error_code text,
      bucket smallint NOT NULL,
      calls bigint NOT NULL,
      latency_ms double precision NOT NULL,
      CONSTRAINT gateway_traffic_group UNIQUE NULLS NOT DISTINCT (scope, subject, day, provider, model, error_code, bucket)
    );`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE gateway_traffic');
}
