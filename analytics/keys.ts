import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { findKeysByPrefix } from '../db/analytics/findKeysByPrefix.ts';

export type KeyKind = 'live' | 'read' | 'share';

const PREFIX: Record<KeyKind, string> = { live: 'an_live_', read: 'an_read_', share: 'an_share_' };
/** What is shown and indexed: the kind prefix plus 8 random characters. */
export const KEY_PREFIX_LENGTH = 16;

export function generateKey(kind: KeyKind): { key: string; prefix: string; hash: Buffer } {
  // 32 random bytes -> 43 base64url characters.
  const key = PREFIX[kind] + randomBytes(32).toString('base64url');
  return { key, prefix: key.slice(0, KEY_PREFIX_LENGTH), hash: hashKey(key) };
}

export function hashKey(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

export function keyKindOf(key: string): KeyKind | null {
  if (key.startsWith(PREFIX.live)) return 'live';
  if (key.startsWith(PREFIX.read)) return 'read';
  if (key.startsWith(PREFIX.share)) return 'share';
  return null;
}

export function hashesMatch(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What a valid key resolves to: ctx.state.auth on the analytics surface. */
export interface AnalyticsAuth {
  [key: string]: unknown;
  /** Absent only for an account's session on an operation that names no site. */
  projectId: string;
  /** The key's id, or a session's account id: what the rate limit counts by. */
  keyId: string;
  kind: KeyKind | 'session';
  /** A shared link's expiry, and whether it has a password. */
  expiresAt?: Date | null;
  passwordProtected?: boolean;
}

/** The project and kind of a presented key, or null when it is malformed or unknown. */
export async function findKey(db: Knex, key: string | null): Promise<AnalyticsAuth | null> {
  if (!key || !keyKindOf(key) || key.length < KEY_PREFIX_LENGTH + 32) return null;
  const hash = hashKey(key);
  for (const row of await findKeysByPrefix(db, key.slice(0, KEY_PREFIX_LENGTH))) {
    if (!hashesMatch(row.hash, hash)) continue;
    if (row.kind !== 'share') return { projectId: row.project_id, keyId: row.id, kind: row.kind };
    return { projectId: row.project_id, keyId: row.id, kind: row.kind, expiresAt: row.expires_at, passwordProtected: row.password_hash !== null };
  }
  return null;
}
