import type { Knex } from 'knex';

export interface AuditRow {
  id: string;
  at: Date;
  actor_key_id: string | null;
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  changes: Record<string, unknown>;
}

/** Newest first. */
export async function listAuditEvents(db: Knex, o: { before?: number; limit: number }): Promise<AuditRow[]> {
  const q = db('gateway_audit').select('*').orderBy('id', 'desc').limit(o.limit);
  if (o.before !== undefined) q.where('id', '<', o.before);
  return q;
}
