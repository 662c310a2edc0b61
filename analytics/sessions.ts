import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import getOrCreateSalt from '../db/analytics/getOrCreateSalt.ts';

const salts = new Map<string, Promise<Buffer>>();

export function utcDay(at = new Date()): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Today's salt, shared by every process through the database. Sessions rotate with
 * it: once a day's salt is deleted no id of that day can be recomputed from an IP.
 */
export function saltFor(db: Knex, day = utcDay()): Promise<Buffer> {
  let salt = salts.get(day);
  if (!salt) {
    salt = getOrCreateSalt(db, day);
    salt.catch(() => salts.delete(day));
    salts.clear();
    salts.set(day, salt);
  }
  return salt;
}

/** A UUID (version 8, "custom") from hash(salt + project + ip + user agent). */
export function sessionIdOf(salt: Buffer, projectId: string, ip: string, userAgent: string): string {
  const h = createHash('sha256').update(salt).update(projectId).update('\0').update(ip).update('\0').update(userAgent).digest();
  h[6] = (h[6]! & 0x0f) | 0x80;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
