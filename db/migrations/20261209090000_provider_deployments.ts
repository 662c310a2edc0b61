import type { Knex } from 'knex';

// Several deployments of one provider (switchyard.yaml): a usage row names
// the deployment that served the call (null when the provider has none), and
// each deployment has its own shared circuit. A provider's own circuit keeps
// deployment '' (a key column cannot be null), announced without one.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE gateway_usage ADD COLUMN deployment text;
    ALTER TABLE provider_circuits ADD COLUMN deployment text NOT NULL DEFAULT '';
    ALTER TABLE provider_circuits DROP CONSTRAINT provider_circuits_pkey;
    ALTER TABLE provider_circuits ADD PRIMARY KEY (provider, deployment);
    CREATE OR REPLACE FUNCTION provider_circuits_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('provider_circuits', json_build_object(
          'provider', OLD.provider, 'deployment', nullif(OLD.deployment, ''), 'state', 'closed')::text);
      ELSE
        PERFORM pg_notify('provider_circuits', json_build_object(
          'provider', NEW.provider, 'deployment', nullif(NEW.deployment, ''), 'state', 'open', 'origin', NEW.origin,
          'failures', NEW.failures, 'openedAt', floor(extract(epoch FROM NEW.opened_at) * 1000))::text);
      END IF;
      RETURN NULL;
    END $$;`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE gateway_usage DROP COLUMN deployment;
    DELETE FROM provider_circuits WHERE deployment <> '';
    ALTER TABLE provider_circuits DROP CONSTRAINT provider_circuits_pkey;
    ALTER TABLE provider_circuits DROP COLUMN deployment;
    ALTER TABLE provider_circuits ADD PRIMARY KEY (provider);
    CREATE OR REPLACE FUNCTION provider_circuits_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('provider_circuits', json_build_object('provider', OLD.provider, 'state', 'closed')::text);
      ELSE
        PERFORM pg_notify('provider_circuits', json_build_object(
          'provider', NEW.provider, 'state', 'open', 'origin', NEW.origin, 'failures', NEW.failures,
          'openedAt', floor(extract(epoch FROM NEW.opened_at) * 1000))::text);
      END IF;
      RETURN NULL;
    END $$;`);
}
