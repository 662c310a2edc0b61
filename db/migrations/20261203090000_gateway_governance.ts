import type { Knex } from 'knex';

// Who a key belongs to: its role (an admin governs keys, teams and spend; a
// member only calls), its team, free tags that spend is grouped and budgeted
// by, and an expiry. Existing keys become members; the bootstrap key an admin.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE gateway_teams (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE gateway_keys
      ADD COLUMN role text NOT NULL DEFAULT 'member' CHECK (role IN ('admin', 'member')),
      ADD COLUMN team_id uuid REFERENCES gateway_teams (id),
      ADD COLUMN tags text[] NOT NULL DEFAULT '{}',
      ADD COLUMN expires_at timestamptz;
    UPDATE gateway_keys SET role = 'admin' WHERE lookup = 'bootstrap';
    CREATE INDEX gateway_keys_team ON gateway_keys (team_id) WHERE team_id IS NOT NULL;`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE gateway_keys DROP COLUMN role, DROP COLUMN team_id, DROP COLUMN tags, DROP COLUMN expires_at;
    DROP TABLE gateway_teams;`);
}
