import type { Knex } from 'knex';

// A task keeps the traceparent of the request that submitted it, so its run
// (in whichever process) joins that request's trace. The request log: off
// unless GATEWAY_REQUEST_LOG turns it on for every key, or a key's or its
// team's request_log does (the key's own setting first, then its team's).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE gateway_tasks ADD COLUMN trace_parent text;
    ALTER TABLE gateway_keys ADD COLUMN request_log boolean;
    ALTER TABLE gateway_teams ADD COLUMN request_log boolean;
    CREATE TABLE gateway_request_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      created_at timestamptz NOT NULL,
      key_id uuid,
      team_id uuid,
      tags text[] NOT NULL DEFAULT '{}',
      request_id text NOT NULL,
      trace_id text,
      operation text,
      method text NOT NULL,
      path text NOT NULL,
      provider text,
      model text,
      status integer NOT NULL,
      error_code text,
      latency_ms double precision NOT NULL,
      upstream_ms double precision,
      input_tokens integer,
      output_tokens integer,
      cost numeric,
      request_body text,
      response_body text,
      request_truncated boolean NOT NULL DEFAULT false,
      response_truncated boolean NOT NULL DEFAULT false,
      redactions jsonb NOT NULL DEFAULT '{}'
    );
    CREATE INDEX gateway_request_log_created ON gateway_request_log (created_at);
    CREATE INDEX gateway_request_log_key ON gateway_request_log (key_id, id DESC);`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TABLE gateway_request_log;
    ALTER TABLE gateway_teams DROP COLUMN request_log;
    ALTER TABLE gateway_keys DROP COLUMN request_log;
    ALTER TABLE gateway_tasks DROP COLUMN trace_parent;`);
}
