import type { Knex } from 'knex';

// Stats never scan analytics_events. Rollups maintained by the same statement
// that inserts events answer the hot routes (overview, timeseries, pages,
// sources); sessions (one row per cookieless session, upserted) answer the other
// breakdowns and the sessions routes. Raw events serve export, session detail and
// custom-event stats only.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE analytics_projects (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      domains text[] NOT NULL,
      retention_days integer NOT NULL DEFAULT 395,
      daily_event_cap integer NOT NULL DEFAULT 100000,
      allow_local_origins boolean NOT NULL DEFAULT false,
      created_at timestamptz(3) NOT NULL DEFAULT now()
    );

    -- One row per claimed domain makes "claimed by another project" a unique violation.
    CREATE TABLE analytics_domains (
      domain text PRIMARY KEY,
      project_id uuid NOT NULL REFERENCES analytics_projects(id) ON DELETE CASCADE
    );

    CREATE TABLE analytics_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES analytics_projects(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('live', 'read')),
      prefix text NOT NULL,
      hash bytea NOT NULL,
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      revoked_at timestamptz(3)
    );
    CREATE INDEX analytics_keys_prefix ON analytics_keys (prefix) WHERE revoked_at IS NULL;

    CREATE TABLE analytics_rate_windows (
      key_id uuid NOT NULL,
      window_start timestamptz NOT NULL,
      count integer NOT NULL,
      PRIMARY KEY (key_id, window_start)
    );

    -- Session ids hash a salt that exists for one UTC day; deleting old salts
    -- makes yesterday's ids impossible to recompute from an IP.
    CREATE TABLE analytics_salts (
      day date PRIMARY KEY,
      salt bytea NOT NULL
    );

    CREATE TABLE analytics_daily_counts (
      project_id uuid NOT NULL,
      day date NOT NULL,
      count bigint NOT NULL,
      PRIMARY KEY (project_id, day)
    );

    -- timestamptz(3): millisecond precision round-trips through JSON exactly,
    -- which keeps export cursors and re-imports exact.
    CREATE TABLE analytics_events (
      project_id uuid NOT NULL,
      id uuid NOT NULL,
      created_at timestamptz(3) NOT NULL,
      session_id uuid NOT NULL,
      event_type text NOT NULL,
      event_name text,
      props jsonb,
      path text NOT NULL,
      referrer_path text,
      target_path text,
      country text,
      region text,
      region_code text,
      city text,
      asn integer,
      as_organization text,
      browser text,
      os text,
      device_type text,
      is_bot boolean NOT NULL DEFAULT false,
      bot_name text,
      is_vpn boolean NOT NULL DEFAULT false,
      locale text,
      traffic_source text,
      utm_source text,
      utm_medium text,
      utm_campaign text,
      user_agent text,
      is_internal boolean NOT NULL DEFAULT false,
      PRIMARY KEY (project_id, id)
    );
    CREATE INDEX analytics_events_time ON analytics_events (project_id, created_at, id);
    CREATE INDEX analytics_events_session ON analytics_events (project_id, session_id, created_at);
    CREATE INDEX analytics_events_custom ON analytics_events (project_id, created_at) INCLUDE (event_name, session_id, is_bot, is_internal) WHERE event_type = 'event';

    CREATE TABLE analytics_sessions (
      project_id uuid NOT NULL,
      id uuid NOT NULL,
      started_at timestamptz(3) NOT NULL,
      last_seen_at timestamptz(3) NOT NULL,
      pageviews integer NOT NULL DEFAULT 0,
      events integer NOT NULL DEFAULT 0,
      entry_path text,
      country text,
      region text,
      region_code text,
      city text,
      browser text,
      os text,
      device_type text,
      locale text,
      traffic_source text,
      utm_source text,
      utm_medium text,
      utm_campaign text,
      is_bot boolean NOT NULL DEFAULT false,
      is_vpn boolean NOT NULL DEFAULT false,
      is_internal boolean NOT NULL DEFAULT false,
      PRIMARY KEY (project_id, id)
    );
    CREATE INDEX analytics_sessions_started ON analytics_sessions (project_id, started_at);
    CREATE INDEX analytics_sessions_last_seen ON analytics_sessions (project_id, last_seen_at DESC, id);

    -- First time a session saw a path: makes per-page visitors additive across hours.
    CREATE TABLE analytics_session_pages (
      project_id uuid NOT NULL,
      session_id uuid NOT NULL,
      path text NOT NULL,
      first_seen_at timestamptz(3) NOT NULL,
      is_bot boolean NOT NULL,
      is_internal boolean NOT NULL,
      PRIMARY KEY (project_id, session_id, path)
    );

    CREATE INDEX analytics_session_pages_seen ON analytics_session_pages (project_id, first_seen_at);

    CREATE TABLE analytics_page_hourly (
      project_id uuid NOT NULL,
      hour timestamptz NOT NULL,
      path text NOT NULL,
      is_bot boolean NOT NULL,
      is_internal boolean NOT NULL,
      pageviews integer NOT NULL DEFAULT 0,
      visitors integer NOT NULL DEFAULT 0,
      PRIMARY KEY (project_id, hour, path, is_bot, is_internal)
    );

    -- Full days of the pages rollup, so a 90-day window reads 90 rows per path, not 2,160.
    CREATE TABLE analytics_page_daily (
      project_id uuid NOT NULL,
      day date NOT NULL,
      path text NOT NULL,
      is_bot boolean NOT NULL,
      is_internal boolean NOT NULL,
      pageviews integer NOT NULL DEFAULT 0,
      visitors integer NOT NULL DEFAULT 0,
      PRIMARY KEY (project_id, day, path, is_bot, is_internal)
    );

    -- Headline numbers per hour and traffic class. visitors, bounces and duration are
    -- keyed by the session's start hour and class, so summing hours counts each session once.
    CREATE TABLE analytics_hourly (
      project_id uuid NOT NULL,
      hour timestamptz NOT NULL,
      is_bot boolean NOT NULL,
      is_internal boolean NOT NULL,
      is_vpn boolean NOT NULL,
      visitors integer NOT NULL DEFAULT 0,
      pageviews integer NOT NULL DEFAULT 0,
      events integer NOT NULL DEFAULT 0,
      bounces integer NOT NULL DEFAULT 0,
      duration_ms bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (project_id, hour, is_bot, is_internal, is_vpn)
    );

    CREATE TABLE analytics_source_hourly (
      project_id uuid NOT NULL,
      hour timestamptz NOT NULL,
      traffic_source text NOT NULL,
      is_bot boolean NOT NULL,
      is_internal boolean NOT NULL,
      visitors integer NOT NULL DEFAULT 0,
      PRIMARY KEY (project_id, hour, traffic_source, is_bot, is_internal)
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TABLE IF EXISTS analytics_source_hourly, analytics_hourly, analytics_page_daily, analytics_page_hourly, analytics_session_pages, analytics_sessions,
      analytics_events, analytics_daily_counts, analytics_salts, analytics_rate_windows,
      analytics_keys, analytics_domains, analytics_projects;
  `);
}
