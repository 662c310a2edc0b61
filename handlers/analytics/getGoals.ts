import type { ApiContext } from '../types.ts';
import { statsScope } from '../../analytics/statsQuery.ts';
import { listCustomEvents } from '../../db/analytics/listCustomEvents.ts';
import { countVisitors } from '../../db/analytics/countVisitors.ts';

// Every custom event name is a goal; conversion is over all visitors of the window.
export default async function handler(ctx: ApiContext) {
  const scope = statsScope(ctx);
  const db = ctx.state.deps.db;
  const [events, totalVisitors] = await Promise.all([listCustomEvents(db, scope), countVisitors(db, scope)]);
  ctx.body = {
    window: scope.window,
    totalVisitors,
    results: events.map((e) => ({
      name: e.name,
      visitors: e.visitors,
      events: e.events,
      conversionRate: totalVisitors ? Math.round((e.visitors / totalVisitors) * 10000) / 10000 : 0,
    })),
  };
}
