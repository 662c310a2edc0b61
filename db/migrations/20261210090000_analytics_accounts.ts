import type { Knex } from 'knex';

// People on the analytics service. An account is one login for all of its
// sites (projects); a membership gives it a role on one site. Sessions,
// invitations and password resets are found by the SHA-256 of their random
// token (the token itself is only in the cookie or the mailed link). Failed
// sign-ins are counted per account and per client address in fixed windows so
// that guessing is throttled across every process. A sign-in through an
// identity provider keeps its PKCE verifier and nonce, found by the hash of its
// state, for the minutes the provider takes to send the browser back; an
// account found that way keeps the hash of the provider's issuer and subject. A shared link may carry a
// password (scrypt, like an account's) and an expiry; unlocking it with the
// password yields a short-lived unlock token, kept here by its hash.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE analytics_accounts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL UNIQUE CHECK (email = lower(email)),
      name text,
      password_hash text,
      oidc_subject text UNIQUE,
      created_at timestamptz(3) NOT NULL DEFAULT now()
    );
    CREATE TABLE analytics_members (
      project_id uuid NOT NULL REFERENCES analytics_projects (id) ON DELETE CASCADE,
      account_id uuid NOT NULL REFERENCES analytics_accounts (id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('owner', 'admin', 'viewer')),
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      PRIMARY KEY (project_id, account_id)
    );
    CREATE INDEX analytics_members_account ON analytics_members (account_id);
    CREATE TABLE analytics_account_sessions (
      token_hash bytea PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES analytics_accounts (id) ON DELETE CASCADE,
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      expires_at timestamptz(3) NOT NULL
    );
    CREATE INDEX analytics_account_sessions_account ON analytics_account_sessions (account_id);
    CREATE TABLE analytics_invitations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES analytics_projects (id) ON DELETE CASCADE,
      email text NOT NULL,
      role text NOT NULL CHECK (role IN ('owner', 'admin', 'viewer')),
      token_hash bytea NOT NULL UNIQUE,
      invited_by uuid REFERENCES analytics_accounts (id) ON DELETE SET NULL,
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      expires_at timestamptz(3) NOT NULL,
      accepted_at timestamptz(3)
    );
    CREATE INDEX analytics_invitations_project ON analytics_invitations (project_id) WHERE accepted_at IS NULL;
    CREATE TABLE analytics_password_resets (
      token_hash bytea PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES analytics_accounts (id) ON DELETE CASCADE,
      expires_at timestamptz(3) NOT NULL,
      used_at timestamptz(3)
    );
    CREATE TABLE analytics_sign_in_failures (
      subject text NOT NULL,
      window_start timestamptz NOT NULL,
      count integer NOT NULL,
      PRIMARY KEY (subject, window_start)
    );
    CREATE TABLE analytics_sign_ins (
      state_hash bytea PRIMARY KEY,
      code_verifier text NOT NULL,
      nonce text NOT NULL,
      expires_at timestamptz(3) NOT NULL
    );
    CREATE TABLE analytics_share_unlocks (
      token_hash bytea PRIMARY KEY,
      key_id uuid NOT NULL REFERENCES analytics_keys (id) ON DELETE CASCADE,
      expires_at timestamptz(3) NOT NULL
    );
    ALTER TABLE analytics_projects ADD COLUMN hidden_sections text[] NOT NULL DEFAULT '{}';
    ALTER TABLE analytics_keys ADD COLUMN expires_at timestamptz(3), ADD COLUMN password_hash text;`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE analytics_keys DROP COLUMN expires_at, DROP COLUMN password_hash;
    ALTER TABLE analytics_projects DROP COLUMN hidden_sections;
    DROP TABLE analytics_share_unlocks, analytics_sign_ins, analytics_sign_in_failures, analytics_password_resets,
      analytics_invitations, analytics_account_sessions, analytics_members, analytics_accounts;`);
}
