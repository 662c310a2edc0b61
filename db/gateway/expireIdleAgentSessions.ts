import type { Knex } from 'knex';
import { settleAllowances } from './settleAllowances.ts';

type Held = Array<{ m: string; w: string; cap: number; r: number }>;

/**
 * Pending or active sessions no webhook has touched since `idleSince` become
 * expired. What they reserved of budgets is released; their charges stay with
 * nothing reserved, so a post-call webhook that still comes counts its spend.
 */
export async function expireIdleAgentSessions(db: Knex, idleSince: Date): Promise<number> {
  return db.transaction(async (trx) => {
    const rows: Array<{ id: number; charges: Held | null }> = await trx('agent_sessions')
      .select('id', 'charges')
      .whereIn('status', ['pending', 'active'])
      .andWhere('updated_at', '<', idleSince)
      .forUpdate();
    if (!rows.length) return 0;
    const released = rows.flatMap((r) => (r.charges ?? []).filter((c) => c.r > 0).map((c) => ({ m: c.m, w: c.w, cap: c.cap, spent: 0, release: c.r })));
    await trx.raw(
      `UPDATE agent_sessions SET status = 'expired', updated_at = now(),
              charges = (SELECT jsonb_agg(c || '{"r": 0}'::jsonb) FROM jsonb_array_elements(charges) c)
        WHERE id = ANY (?::int[])`,
      [rows.map((r) => r.id)],
    );
    if (released.length) await settleAllowances(trx, released);
    return rows.length;
  });
}
