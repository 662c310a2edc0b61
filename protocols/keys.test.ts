import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { hashKey, hashesMatch, mintKey } from './keys.ts';

test('hashKey is the SHA-256 of the key as UTF-8, whatever the key holds', () => {
  for (const key of ['gw_live_abc', mintKey('gw_live_').plaintext, 'clé-ключ-鍵', '']) {
    expect(hashKey(key).equals(createHash('sha256').update(key, 'utf8').digest())).toBe(true);
  }
  const minted = mintKey('an_live_');
  expect(hashesMatch(hashKey(minted.plaintext), minted.hash)).toBe(true);
  expect(hashesMatch(hashKey(`${minted.plaintext}x`), minted.hash)).toBe(false);
});
