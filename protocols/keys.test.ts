import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { hashKey, hashKeyHex, hashesMatch, hexHashesMatch, mintKey, presentedKey } from './keys.ts';

test('hashKey is the SHA-256 of the key as UTF-8, whatever the key holds', () => {
  for (const key of ['gw_live_abc', mintKey('gw_live_').plaintext, 'clé-ключ-鍵', '']) {
    expect(hashKey(key).equals(createHash('sha256').update(key, 'utf8').digest())).toBe(true);
  }
  const minted = mintKey('an_live_');
  expect(hashesMatch(hashKey(minted.plaintext), minted.hash)).toBe(true);
  expect(hashesMatch(hashKey(`${minted.plaintext}x`), minted.hash)).toBe(false);
});

test('hashKeyHex is hashKey in hex, and hexHashesMatch tells equal digests from every other', () => {
  const key = mintKey('gw_live_').plaintext;
  const hex = hashKeyHex(key);
  expect(hex).toBe(hashKey(key).toString('hex'));
  expect(hexHashesMatch(hex, hashKey(key).toString('hex'))).toBe(true);
  // A difference at either end, in the middle, of length, or of nothing but case.
  for (const other of [`0${hex.slice(1)}`, `${hex.slice(0, -1)}0`, `${hex.slice(0, 31)}x${hex.slice(32)}`, hex.slice(1), `${hex}0`, hex.toUpperCase(), '']) {
    if (other === hex) continue;
    expect(hexHashesMatch(hex, other)).toBe(false);
  }
  expect(hexHashesMatch(hashKeyHex(`${key}x`), hex)).toBe(false);
});

test('presentedKey reads a Bearer token or x-api-key as the RFC 6750 pattern does, the usual header without the RegExp', () => {
  const reference = (auth: string) => /^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1];
  const key = mintKey('gw_live_').plaintext;
  const cases = [
    `Bearer ${key}`,
    `bearer ${key}`,
    `BEARER  ${key}`,
    `Bearer\t${key}`,
    `Bearer ${key}  `,
    `Bearer ${key} extra`,
    `Bearer ${key}\u00a0`,
    'Bearer clé',
    'Bearer ',
    'Bearer',
    `Basic ${key}`,
    `Bearer "${key}"`,
    'Bearer ~!',
  ];
  for (const auth of cases) expect(presentedKey({ authorization: auth }), JSON.stringify(auth)).toBe(reference(auth));
  expect(presentedKey({ authorization: `Bearer ${key}` })).toBe(key);
  // No usable Authorization: x-api-key, trimmed.
  expect(presentedKey({ authorization: 'Basic abc', 'x-api-key': ` ${key} ` })).toBe(key);
  expect(presentedKey({ 'x-api-key': [key, 'other'] })).toBe(key);
  expect(presentedKey({})).toBeUndefined();
});
