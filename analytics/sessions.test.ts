import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sessionIdOf } from './sessions.ts';

// The definition the ids must keep (ids of one day are recomputed by every process and release).
function reference(salt: Buffer, projectId: string, ip: string, userAgent: string): string {
  const h = createHash('sha256').update(salt).update(`${projectId}\0${ip}\0${userAgent}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x80;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

describe('sessionIdOf', () => {
  it('is sha256(salt + project + ip + user agent) as a version-8 UUID, for any header it is given', () => {
    const salt = randomBytes(32);
    const project = randomUUID();
    const agents = ['Mozilla/5.0 (X11; Linux x86_64)', '', 'ünïcödé 🎉', `huge ${'x'.repeat(20_000)}`, 'after the huge one', 'lone \ud800 surrogate'];
    for (const ua of agents) {
      const id = sessionIdOf(salt, project, '81.2.69.160', ua);
      expect(id).toBe(reference(salt, project, '81.2.69.160', ua));
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    // Enough hashes that every hex digit comes up where the version and variant bits are set.
    const variants = new Set<string>();
    for (let i = 0; i < 256; i++) {
      const id = sessionIdOf(salt, project, `10.0.${i >> 4}.${i}`, 'Mozilla/5.0');
      expect(id).toBe(reference(salt, project, `10.0.${i >> 4}.${i}`, 'Mozilla/5.0'));
      variants.add(id[19]!);
    }
    expect([...variants].sort()).toEqual(['8', '9', 'a', 'b']);
    expect(sessionIdOf(salt, project, '81.2.69.160', 'a')).not.toBe(sessionIdOf(salt, project, '81.2.69.161', 'a'));
    expect(sessionIdOf(randomBytes(32), project, '81.2.69.160', 'a')).not.toBe(sessionIdOf(salt, project, '81.2.69.160', 'a'));
  });
});
