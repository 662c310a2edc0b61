import type { Knex } from 'knex';
import type { ListRequestLogsData } from '../../generated/gateway/types.gen.ts';

type Query = NonNullable<ListRequestLogsData['query']>;

/** The operation's filters, its times as dates, and the reader's restriction and page position. */
export type RequestLogFilter = Omit<Query, 'from' | 'to' | 'cursor' | 'limit'> & {
  /** Entries of this key only (a non-admin's own key), whatever the other filters say. */
  ownerKeyId?: string;
  from?: Date;
  to?: Date;
  /** Entries with an id below this one (the previous page's last). */
  beforeId?: string;
  limit: number;
};

/** A LIKE pattern matching `text` literally anywhere. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Request log entries matching every filter given, newest (highest id) first. */
export async function listRequestLogs(db: Knex, f: RequestLogFilter): Promise<Record<string, any>[]> {
  const query = db('gateway_request_log').select('*').orderBy('id', 'desc').limit(f.limit);
  if (f.ownerKeyId !== undefined) query.where('key_id', f.ownerKeyId);
  if (f.keyId !== undefined) query.where('key_id', f.keyId);
  if (f.teamId !== undefined) query.where('team_id', f.teamId);
  if (f.tag !== undefined) query.whereRaw('? = ANY (tags)', [f.tag]);
  if (f.model !== undefined) query.where('model', f.model);
  if (f.provider !== undefined) query.where('provider', f.provider);
  if (f.status !== undefined) query.where('status', f.status);
  if (f.errorCode !== undefined) query.where('error_code', f.errorCode);
  if (f.from !== undefined) query.where('created_at', '>=', f.from);
  if (f.to !== undefined) query.where('created_at', '<', f.to);
  if (f.minLatencyMs !== undefined) query.where('latency_ms', '>=', f.minLatencyMs);
  if (f.minCost !== undefined) query.where('cost', '>=', f.minCost);
  if (f.q !== undefined) {
    const pattern = containing(f.q);
    query.where((w) => w.where('request_body', 'ilike', pattern).orWhere('response_body', 'ilike', pattern));
  }
  if (f.beforeId !== undefined) query.where('id', '<', f.beforeId);
  return query;
}
