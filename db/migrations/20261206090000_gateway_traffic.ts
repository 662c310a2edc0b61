import type { Knex } from 'knex';

// What a usage row cannot say: calls that failed (they bill nothing, so they
// write no usage row) and how long calls took. gateway_traffic counts the /v1
// calls per UTC day, key, team, provider, model, error code (NULL: answered
// without error) and latency bucket (core/console/traffic.ts: buckets growing
// by 25%), so the console's p50/p99 and errors for a month read a few
// thousand rows, not the month's calls. Each process adds its counts in one
// upsert every few seconds, never on a call's path.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE gateway_traffic (
      day date NOT NULL,
      key_id uuid NOT NULL,
      team_id uuid,
      provider text,
      model text,
      error_code text,
      bucket smallint NOT NULL,
      calls bigint NOT NULL,
      latency_ms double precision NOT NULL,
      CONSTRAINT gateway_traffic_group UNIQUE NULLS NOT DISTINCT (day, key_id, team_id, provider, model, error_code, bucket)
    );
    CREATE INDEX gateway_traffic_key ON gateway_traffic (key_id, day);
    CREATE INDEX gateway_traffic_team ON gateway_traffic (team_id, day);`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE gateway_traffic');
}
