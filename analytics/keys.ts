import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

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
