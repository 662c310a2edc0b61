import type { Knex } from 'knex';

export interface SegmentVersion {
  /** Start of the UTC hour the segment's sessions started in (ms). */
  hour: number;
  version: string;
  /** The latest event of any of its sessions (ms). */
  lastSeen: number;
}

/** Every segment whose sessions reach into [from, to]: started by `to`, last seen at or after `from`. */
export async function listSegmentVersions(db: Knex, projectId: string, from: Date, to: Date): Promise<SegmentVersion[]> {
  const { rows } = await db.raw(
    `SELECT (extract(epoch FROM hour) * 1000)::float8 AS hour, version::text AS version,
       (extract(epoch FROM last_seen_at) * 1000)::float8 AS "lastSeen"
     FROM analytics_segments WHERE project_id = ? AND hour <= ? AND last_seen_at >= ? ORDER BY hour`,
    [projectId, to, from],
  );
  return rows as SegmentVersion[];
}
