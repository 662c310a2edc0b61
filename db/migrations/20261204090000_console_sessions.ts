import type { Knex } from 'knex';

// The console's sign-ins. A session is found by the SHA-256 of its cookie (the
// cookie itself is never stored); it acts through a gateway key: the admin key
// it was opened with, or the key kept for an identity provider's user, whose
// secret nobody holds (its hash is of random bytes), so it works only through
// a session. A sign-in in progress keeps its PKCE verifier and nonce here,
// found by the hash of its state, for the few minutes the identity provider
// takes to send the browser back. The console lists recent tasks newest first.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE console_sessions (
      token_hash bytea PRIMARY KEY,
      key_id uuid NOT NULL REFERENCES gateway_keys (id),
      role text NOT NULL CHECK (role IN ('admin', 'member', 'viewer')),
      via text NOT NULL CHECK (via IN ('oidc', 'key')),
      subject text NOT NULL,
      email text,
      name text,
      team_id uuid REFERENCES gateway_teams (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX console_sessions_expiry ON console_sessions (expires_at);
    CREATE TABLE console_sign_ins (
      state_hash bytea PRIMARY KEY,
      code_verifier text NOT NULL,
      nonce text NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX gateway_tasks_recent ON gateway_tasks (created_at);`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX gateway_tasks_recent; DROP TABLE console_sign_ins; DROP TABLE console_sessions;');
}
