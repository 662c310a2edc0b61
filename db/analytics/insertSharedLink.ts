import type { Knex } from 'knex';
import type { SharedLinkRow } from './listSharedLinks.ts';

/** Stores a shared link's hash unless the project has `limit` active links; null then. */
export async function insertSharedLink(db: Knex, projectId: string, link: { prefix: string; hash: Buffer; label: string | null; expiresAt?: Date | null; passwordHash?: string | null }, limit: number): Promise<SharedLinkRow | null> {
  const { rows } = await db.raw(
    `INSERT INTO analytics_keys (project_id, kind, prefix, hash, label, expires_at, password_hash)
     SELECT ?, 'share', ?, ?, ?, ?, ?
     WHERE (SELECT count(*) FROM analytics_keys WHERE project_id = ? AND kind = 'share' AND revoked_at IS NULL) < ?
     RETURNING id, label, prefix, created_at, expires_at, password_hash IS NOT NULL AS protected`,
    [projectId, link.prefix, link.hash, link.label, link.expiresAt ?? null, link.passwordHash ?? null, projectId, limit],
  );
  return rows[0] ?? null;
}
