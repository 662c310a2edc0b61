import type { Knex } from 'knex';

export interface AuditEntry {
  actorKeyId: string | null;
  actor: string;
  action: string;
  targetType: 'key' | 'team' | 'tag';
  targetId: string;
  changes: Record<string, unknown>;
}

/** Written in the transaction of the change it records. */
export async function insertAuditEvent(db: Knex, e: AuditEntry): Promise<void> {
  await db('gateway_audit').insert({
    actor_key_id: e.actorKeyId,
    actor: e.actor,
    action: e.action,
    target_type: e.targetType,
    target_id: e.targetId,
    changes: JSON.stringify(e.changes),
  });
}
