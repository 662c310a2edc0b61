import { describe, expect, test } from 'vitest';
import { decodeBase64Image, isBase64 } from './base64.ts';

const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00, 0x10]);

describe('decodeBase64Image', () => {
  test('bare base64, either alphabet, padded or not, and a data: URI give the same bytes and their bare base64', () => {
    const std = bytes.toString('base64');
    const url = bytes.toString('base64url');
    for (const input of [std, std.replace(/=+$/, ''), url, `data:image/png;base64,${std}`, `data:image/png;charset=x;base64,${url}`]) {
      const out = decodeBase64Image(input)!;
      expect(out.bytes.equals(bytes), input).toBe(true);
      expect(input.endsWith(out.base64)).toBe(true);
    }
  });

  test('line-wrapped base64 and an upper-case prefix are read on the slow path', () => {
    const std = Buffer.alloc(300, 7).toString('base64');
    const wrapped = ` ${std.match(/.{1,76}/g)!.join('\r\n')}\n`;
    expect(decodeBase64Image(wrapped)!.bytes.equals(Buffer.alloc(300, 7))).toBe(true);
    expect(decodeBase64Image(`DATA:image/png;BASE64,${std}`)!.bytes.equals(Buffer.alloc(300, 7))).toBe(true);
  });

  test('what is not base64 is refused', () => {
    for (const input of ['', 'a', 'ab$d', 'abcde', 'ab=c', 'abcd===', 'data:image/png,abcd', 'data:image/png;base64,', 'data:image/png;base64,a']) {
      expect(decodeBase64Image(input), input).toBeUndefined();
    }
  });

  test('isBase64 from an offset checks the rest of the string only', () => {
    expect(isBase64('!!!!abcd', 4)).toBe(true);
    expect(isBase64('!!!!ab!d', 4)).toBe(false);
    expect(isBase64('!!!!abc=', 4)).toBe(true);
    expect(isBase64('!!!!ab==', 4)).toBe(true);
    expect(isBase64('!!!!a===', 4)).toBe(false);
  });
});
