import type { Knex } from 'knex';

// The stats are now computed by one query engine (analytics/query/) over the
// sessions and their events, read per "segment": the sessions that started in one
// UTC hour, with all their events. analytics_segments holds each segment's version,
// bumped by the statement that writes its events, so every process knows which of
// the segments it holds in memory are stale. The per-hour rollups that answered
// the unfiltered routes are gone: a filter on any dimension needs the sessions anyway.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE analytics_events
      ADD COLUMN utm_term text,
      ADD COLUMN utm_content text,
      ADD COLUMN revenue_amount numeric(20, 6),
      ADD COLUMN revenue_currency text;
    ALTER TABLE analytics_sessions
      ADD COLUMN referrer text,
      ADD COLUMN utm_term text,
      ADD COLUMN utm_content text;
    UPDATE analytics_sessions s SET referrer = f.referrer_path
    FROM (SELECT DISTINCT ON (project_id, session_id) project_id, session_id, referrer_path
          FROM analytics_events ORDER BY project_id, session_id, created_at) f
    WHERE f.project_id = s.project_id AND f.session_id = s.id AND f.referrer_path IS NOT NULL;

    CREATE SEQUENCE analytics_segment_version;
    CREATE TABLE analytics_segments (
      project_id uuid NOT NULL,
      hour timestamptz NOT NULL,
      version bigint NOT NULL,
      -- The latest event of any session that started in the hour: a window reads every
      -- segment whose sessions reach into it, not only those that started inside it.
      last_seen_at timestamptz NOT NULL,
      PRIMARY KEY (project_id, hour)
    );
    INSERT INTO analytics_segments (project_id, hour, version, last_seen_at)
    SELECT project_id, date_trunc('hour', started_at, 'UTC'), nextval('analytics_segment_version'), max(last_seen_at)
    FROM analytics_sessions GROUP BY 1, 2;

    DROP TABLE analytics_hourly, analytics_source_hourly, analytics_page_hourly, analytics_page_daily, analytics_session_pages;
    DROP INDEX analytics_events_custom;

    CREATE TABLE analytics_goals (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES analytics_projects(id) ON DELETE CASCADE,
      event_name text,
      page_path text,
      display_name text NOT NULL,
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      CHECK ((event_name IS NULL) <> (page_path IS NULL))
    );
    CREATE INDEX analytics_goals_project ON analytics_goals (project_id, created_at);

    CREATE TABLE analytics_funnels (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES analytics_projects(id) ON DELETE CASCADE,
      name text NOT NULL,
      steps jsonb NOT NULL,
      created_at timestamptz(3) NOT NULL DEFAULT now()
    );
    CREATE INDEX analytics_funnels_project ON analytics_funnels (project_id, created_at);

    -- Shared links are read-only credentials of their own kind, one row each, revocable one by one.
    ALTER TABLE analytics_keys DROP CONSTRAINT analytics_keys_kind_check;
    ALTER TABLE analytics_keys ADD CONSTRAINT analytics_keys_kind_check CHECK (kind IN ('live', 'read', 'share'));
    ALTER TABLE analytics_keys ADD COLUMN label text;
  `);
}

export async function down(): Promise<void> {
  throw new Error('20261201090000_analytics_query_layer cannot be reverted: the dropped rollups are rebuilt from nothing');
}
