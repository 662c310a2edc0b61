import type { Knex } from 'knex';

// What keys, teams and tags may do and spend (allow-list, rate limits,
// budgets, where budget alerts go), a key's previous secret during a rotation's
// grace period, the windows limits and budgets are counted in, the alerts sent,
// and who changed what.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE gateway_keys
      ADD COLUMN allowed_models text[],
      ADD COLUMN limits jsonb,
      ADD COLUMN budgets jsonb,
      ADD COLUMN alert_webhook_url text,
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN previous_lookup text,
      ADD COLUMN previous_hash bytea,
      ADD COLUMN previous_valid_until timestamptz;
    CREATE UNIQUE INDEX gateway_keys_previous_lookup ON gateway_keys (previous_lookup) WHERE previous_lookup IS NOT NULL;
    ALTER TABLE gateway_teams
      ADD COLUMN allowed_models text[],
      ADD COLUMN limits jsonb,
      ADD COLUMN budgets jsonb,
      ADD COLUMN alert_webhook_url text,
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
    CREATE TABLE gateway_tag_policies (
      tag text PRIMARY KEY,
      allowed_models text[],
      limits jsonb,
      budgets jsonb,
      alert_webhook_url text,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    -- One row per meter (scope:subject:metric:period) and window. leased is
    -- what processes hold (and queued tasks reserve); used what calls have
    -- settled. A hard meter's lease is only granted while used + leased stays
    -- within cap, so the sum never passes it.
    CREATE TABLE gateway_allowances (
      meter text NOT NULL,
      window_start timestamptz NOT NULL,
      cap numeric NOT NULL,
      used numeric NOT NULL DEFAULT 0,
      leased numeric NOT NULL DEFAULT 0,
      granted numeric NOT NULL DEFAULT 0,
      PRIMARY KEY (meter, window_start)
    );
    CREATE TABLE gateway_budget_alerts (
      meter text NOT NULL,
      window_start timestamptz NOT NULL,
      threshold integer NOT NULL,
      sent_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (meter, window_start, threshold)
    );
    CREATE TABLE gateway_audit (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      actor_key_id uuid,
      actor text NOT NULL,
      action text NOT NULL,
      target_type text NOT NULL,
      target_id text NOT NULL,
      changes jsonb NOT NULL DEFAULT '{}'
    );
    -- What a queued task reserved of its meters' leases: released when it ends.
    ALTER TABLE gateway_tasks ADD COLUMN charges jsonb;
    -- A team's or tag's policy changed: every process reloads them (as for keys).
    CREATE FUNCTION gateway_policies_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('gateway_keys', '');
      RETURN NULL;
    END $$;
    CREATE TRIGGER gateway_teams_changed AFTER INSERT OR UPDATE OR DELETE ON gateway_teams
      FOR EACH STATEMENT EXECUTE FUNCTION gateway_policies_changed();
    CREATE TRIGGER gateway_tag_policies_changed AFTER INSERT OR UPDATE OR DELETE ON gateway_tag_policies
      FOR EACH STATEMENT EXECUTE FUNCTION gateway_policies_changed();`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TRIGGER gateway_teams_changed ON gateway_teams;
    DROP TRIGGER gateway_tag_policies_changed ON gateway_tag_policies;
    DROP FUNCTION gateway_policies_changed();
    ALTER TABLE gateway_tasks DROP COLUMN charges;
    DROP TABLE gateway_audit, gateway_budget_alerts, gateway_allowances, gateway_tag_policies;
    ALTER TABLE gateway_teams DROP COLUMN allowed_models, DROP COLUMN limits, DROP COLUMN budgets, DROP COLUMN alert_webhook_url, DROP COLUMN updated_at;
    ALTER TABLE gateway_keys DROP COLUMN allowed_models, DROP COLUMN limits, DROP COLUMN budgets, DROP COLUMN alert_webhook_url,
      DROP COLUMN updated_at, DROP COLUMN previous_lookup, DROP COLUMN previous_hash, DROP COLUMN previous_valid_until;`);
}
