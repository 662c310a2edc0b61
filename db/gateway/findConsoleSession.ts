import type { Knex } from 'knex';
import type { ConsoleSessionRow } from './insertConsoleSession.ts';

export interface FoundConsoleSession extends ConsoleSessionRow {
  key_name: string;
  key_tags: string[];
  key_routing: unknown;
}

/** A live session whose key is neither revoked nor expired; undefined when expired, ended or unknown. */
export async function findConsoleSession(db: Knex, tokenHash: Buffer, now: Date): Promise<FoundConsoleSession | undefined> {
  return db('console_sessions as s')
    .join('gateway_keys as k', 'k.id', 's.key_id')
    .select('s.key_id', 's.role', 's.via', 's.subject', 's.email', 's.name', 's.team_id', 's.expires_at', 'k.name as key_name', 'k.tags as key_tags', 'k.routing as key_routing')
    .where('s.token_hash', tokenHash)
    .andWhere('s.expires_at', '>', now)
    .whereNull('k.revoked_at')
    .andWhere((q) => q.whereNull('k.expires_at').orWhere('k.expires_at', '>', now))
    .first();
}
