import { describe, expect, test } from 'vitest';
import { decodeBase64Image, isBase64 } from './base64.ts';

const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00, 0x10]);

describe('decodeBase64Image', () => {
  test('bare base64, either alphabet, padded or not, and a data: URI give the same bytes', () => {
    const std = bytes.toString('base64');
    const url = bytes.toString('base64url');
    for (const input of [std, std.replace(/=+$/, ''), url, `data:image/png;base64,${std}`, `data:image/png;charset=x;base64,${url}`]) {
      expect(decodeBase64Image(input)?.equals(bytes), input).toBe(true);
    }
  });

  test('line-wrapped base64 and an upper-case prefix are read on the slow path', () => {
    const std = Buffer.alloc(300, 7).toString('base64');
    const wrapped = ` ${std.match(/.{1,76}/g)!.join('\r\n')}\n`;
    expect(decodeBase64Image(wrapped)?.equals(Buffer.alloc(300, 7))).toBe(true);
    expect(decodeBase64Image(`DATA:image/png;BASE64,${std}`)?.equals(Buffer.alloc(300, 7))).toBe(true);
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

describe("Node's base64 decoder, which the checks count on", () => {
  // media/base64.ts refuses a non-alphabet character by the bytes it fails to
  // produce: every character but the 64 + 2 must yield fewer bytes than an
  // alphabet character in its place, wherever it stands and whatever the length.
  test('every character outside both alphabets, at every position, is refused and decodes short', () => {
    const alphabet = /^[A-Za-z0-9+/_-]$/;
    const wrong: string[] = [];
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      if (alphabet.test(ch)) continue;
      for (const length of [2, 3, 4, 6, 7, 8]) {
        for (let at = 0; at < length; at++) {
          const s = 'Q'.repeat(at) + ch + 'Q'.repeat(length - at - 1);
          // A trailing '=' is padding, checked by arithmetic instead.
          if (ch === '=' && at >= length - 2) continue;
          if (isBase64(s) || decodeBase64Image(s)?.length === Math.floor((length * 3) / 4)) wrong.push(`${c}@${at}/${length}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  test('a megabyte of base64 with one bad character anywhere is refused', () => {
    const good = Buffer.alloc(768 * 1024, 0xa5).toString('base64');
    expect(isBase64(good)).toBe(true);
    for (const at of [0, 1, 2, 3, 4096, good.length - 5, good.length - 1]) {
      for (const ch of ['.', ' ', '\n', '=', 'é', '\u{12b}', '\0']) {
        // '=' in the last place is padding (a valid string of 3 characters short of a quad).
        if (ch === '=' && at === good.length - 1) continue;
        const bad = good.slice(0, at) + ch + good.slice(at + 1);
        expect(isBase64(bad), `${JSON.stringify(ch)} at ${at}`).toBe(false);
      }
    }
  });
});
