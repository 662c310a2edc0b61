import type { Knex } from 'knex';

/** A key's own request-log setting and its team's (null where unset); undefined for no such key. */
export async function getRequestLogSetting(db: Knex, keyId: string): Promise<{ key: boolean | null; team: boolean | null } | undefined> {
  const row = await db('gateway_keys as k')
    .leftJoin('gateway_teams as t', 't.id', 'k.team_id')
    .where('k.id', keyId)
    .first('k.request_log as key', 't.request_log as team');
  return row ? { key: row.key ?? null, team: row.team ?? null } : undefined;
}
