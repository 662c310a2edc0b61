import { hash } from 'node:crypto';
import type { Knex } from 'knex';
import { getOrCreateSalt } from '../db/analytics/getOrCreateSalt.ts';

const salts = new Map<string, Promise<Buffer>>();
let settledSalt: { day: string; salt: Buffer } | undefined;

let dayCache = { until: 0, day: '' };

/** The UTC date; computed once per day for the hot path, which asks on every event. */
export function utcDay(at?: Date): string {
  if (at) return at.toISOString().slice(0, 10);
  const now = Date.now();
  if (now >= dayCache.until || now < dayCache.until - 86_400_000) {
    const day = new Date(now).toISOString().slice(0, 10);
    dayCache = { day, until: Date.parse(`${day}T00:00:00.000Z`) + 86_400_000 };
  }
  return dayCache.day;
}

/**
 * Today's salt, shared by every process through the database. Sessions rotate with
 * it: once a day's salt is deleted no id of that day can be recomputed from an IP.
 */
export function saltFor(db: Knex, day = utcDay()): Promise<Buffer> {
  let salt = salts.get(day);
  if (!salt) {
    salt = getOrCreateSalt(db, day);
    salt.then((value) => { settledSalt = { day, salt: value }; }, () => salts.delete(day));
    salts.clear();
    salts.set(day, salt);
  }
  return salt;
}

/** Today's salt if this process already has it (the hot path's synchronous read); else undefined. */
export function knownSalt(day = utcDay()): Buffer | undefined {
  return settledSalt?.day === day ? settledSalt.salt : undefined;
}

// The RFC 9562 variant nibble (10xx) for each hex digit of the hash's byte 8: its low two bits kept.
const VARIANT: string[] = [];
for (const [i, c] of [...'0123456789abcdef'].entries()) VARIANT[c.charCodeAt(0)] = '89ab'[i & 3]!;

// Salt and hash input are laid out in one reused buffer: no allocation per beacon.
let scratch = Buffer.allocUnsafe(4096);

/** A UUID (version 8, "custom") from hash(salt + project + ip + user agent). */
export function sessionIdOf(salt: Buffer, projectId: string, ip: string, userAgent: string): string {
  const text = `${projectId}\0${ip}\0${userAgent}`;
  // Worst case 3 UTF-8 bytes per UTF-16 unit; a rare huge header gets a buffer of its own.
  const need = salt.length + text.length * 3;
  if (need > scratch.length) scratch = Buffer.allocUnsafe(Math.max(need, scratch.length * 2));
  salt.copy(scratch, 0);
  const end = salt.length + scratch.write(text, salt.length, 'utf8');
  // Hex straight from the digest (no Buffer to allocate per beacon); the version and
  // variant bits are set on the hex digits: byte 6's high nibble is 8, byte 8's is 8-b.
  const hex = hash('sha256', scratch.subarray(0, end), 'hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${VARIANT[hex.charCodeAt(16)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
