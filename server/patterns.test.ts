// The validators' fast Base64Image check must accept exactly what the spec's
// pattern accepts: compared on the edge cases and on random strings built
// from the characters that matter.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { isBase64Image } from '../media/base64.ts';
import { BASE64_IMAGE_PATTERN, regExpEngine } from './patterns.ts';

const spec = parse(readFileSync(new URL('../openapi/gateway.yaml', import.meta.url), 'utf8'));
const pattern = new RegExp(BASE64_IMAGE_PATTERN, 'u');

describe('Base64Image pattern', () => {
  test('is the spec pattern', () => {
    expect(spec.components.schemas.Base64Image.pattern).toBe(BASE64_IMAGE_PATTERN);
  });

  test.each([
    '', 'a', 'ab', 'abc', 'abcd', 'abcde', 'ab==', 'abc=', 'ab=', 'abc==', 'abcd=', 'abcd==', 'a===', '====', '-_+/', 'ab-_', 'ab c', 'ab\nc',
    'data:image/png;base64,abcd', 'data:;base64,ab', 'data:;base64,', 'data:image/png;base64,', 'data:image/png,abcd', 'data:a,b;base64,abcd',
    'data:x;base64;base64,abc=', 'DATA:image/png;base64,abcd', 'data:image/png;base64,ab==', 'data:image/png;base64,a', 'xdata:;base64,abcd',
    'data:image/png;BASE64,abcd', 'data:image/png;base64,,abcd', 'abcd\n', '\nabcd', 'ab=c',
  ])('%j as the pattern says', (s) => {
    expect(isBase64Image(s)).toBe(pattern.test(s));
  });

  test('random strings from the characters that matter agree with the pattern', () => {
    const pieces = ['a', 'Z', '0', '+', '/', '-', '_', '=', '==', ',', ';', ' ', 'data:', ';base64,', 'image/png', 'é'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let accepted = 0;
    for (let i = 0; i < 20_000; i++) {
      let s = next() < 0.3 ? 'data:image/png;base64,' : '';
      const n = Math.floor(next() * 12);
      // Mostly alphabet characters, so that a fair share of strings is valid.
      for (let j = 0; j < n; j++) s += next() < 0.8 ? pieces[Math.floor(next() * 7)]! : pieces[Math.floor(next() * pieces.length)]!;
      const expected = pattern.test(s);
      if (isBase64Image(s) !== expected) throw new Error(`disagrees on ${JSON.stringify(s)}: the pattern says ${expected}`);
      if (expected) accepted++;
    }
    expect(accepted).toBeGreaterThan(2000);
  });

  test('the validators get the fast check for this pattern and a RegExp for any other', () => {
    const fast = regExpEngine(BASE64_IMAGE_PATTERN, 'u');
    expect(fast).not.toBeInstanceOf(RegExp);
    expect(fast.test('x'.repeat(4_000_000))).toBe(true);
    expect(fast.test(`${'x'.repeat(4_000_000)}!`)).toBe(false);
    expect(regExpEngine('^a+$', 'u')).toBeInstanceOf(RegExp);
  });
});
