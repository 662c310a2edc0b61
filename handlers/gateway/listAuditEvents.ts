import type { Handler } from '../types.ts';
import type { ListAuditEventsData } from '../../generated/gateway/types.gen.ts';
import { listAuditEvents as list } from '../../db/gateway/listAuditEvents.ts';
import { adminOf, ok } from './_context.ts';

const listAuditEvents: Handler<ListAuditEventsData> = async (ctx, { query }) => {
  adminOf(ctx);
  const rows = await list(ctx.state.deps.db, { before: query?.before === undefined ? undefined : Number(query.before), limit: Number(query?.limit ?? 100) });
  ok(
    ctx,
    rows.map((r) => ({
      id: Number(r.id),
      at: r.at.toISOString(),
      actorKeyId: r.actor_key_id,
      actor: r.actor,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      changes: r.changes,
    })),
  );
};

export default listAuditEvents;
