import type { Knex } from 'knex';
import { sessionsInScope, type StatsScope } from './scope.ts';

// Tags are grouped case-insensitively; imported rows may carry any case.
export async function listLocales(db: Knex, scope: StatsScope, limit = 250) {
  const rows: Record<string, any>[] = await sessionsInScope(db, scope)
    .select(db.raw('lower(locale) AS locale'))
    .count({ visitors: '*' })
    .groupByRaw('lower(locale)')
    .orderBy([{ column: 'visitors', order: 'desc' }, { column: 'locale' }])
    .limit(limit);
  return rows.map((r) => ({ locale: (r.locale as string | null) ?? null, visitors: Number(r.visitors) }));
}
