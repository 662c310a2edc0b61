import type { Knex } from 'knex';

export interface SharedLinkRow {
  id: string;
  label: string | null;
  prefix: string;
  created_at: Date;
  expires_at: Date | null;
  protected: boolean;
}

export async function listSharedLinks(db: Knex, projectId: string): Promise<SharedLinkRow[]> {
  return db('analytics_keys').select('id', 'label', 'prefix', 'created_at', 'expires_at', db.raw('password_hash IS NOT NULL AS protected'))
    .where({ project_id: projectId, kind: 'share' }).whereNull('revoked_at').orderBy([{ column: 'created_at' }, { column: 'id' }]);
}
