import { describe, expect, it } from 'vitest';
import { dniNieValid, ibanChecksumValid, luhnValid, PRESETS } from '../../../protocols/redaction.ts';
import { compilePatterns, PatternError } from './patterns.ts';
import { locate } from './locate.ts';
import type { Line } from '../read.ts';

const texts = (preset: keyof typeof PRESETS, s: string) => PRESETS[preset](s).map((m) => m.text);

describe('redaction presets validate what they match', () => {
  it('iban: country length and mod-97, spaced or not, stopping at the IBAN', () => {
    expect(ibanChecksumValid('ES9121000418450200051332')).toBe(true);
    expect(ibanChecksumValid('ES9121000418450200051333')).toBe(false);
    expect(texts('iban', 'IBAN: ES91 2100 0418 4502 0005 1332 REF 77')).toEqual(['ES91 2100 0418 4502 0005 1332']);
    expect(texts('iban', 'GB82WEST12345698765432 and DE89 3704 0044 0532 0130 00')).toEqual(['GB82WEST12345698765432', 'DE89 3704 0044 0532 0130 00']);
    // One digit off: the checksum fails.
    expect(texts('iban', 'ES91 2100 0418 4502 0005 1333')).toEqual([]);
    // Right checksum digits for no known country length.
    expect(texts('iban', 'QQ12 3456 7890 1234 56')).toEqual([]);
  });

  it('credit_card: Luhn and a known issuer, so a random 16-digit string is left alone', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(texts('credit_card', 'Card 4111 1111 1111 1111, Amex 3782-822463-10005')).toEqual(['4111 1111 1111 1111', '3782-822463-10005']);
    expect(texts('credit_card', 'Reference 1234 5678 9012 3456')).toEqual([]);
    // Luhn-valid but no issuer starts with 1.
    expect(luhnValid('1111111111111117')).toBe(true);
    expect(texts('credit_card', '1111 1111 1111 1117')).toEqual([]);
  });

  it('dni_nie: the check letter decides, also when OCR read it as a look-alike digit', () => {
    expect(dniNieValid('12345678Z')).toBe(true);
    expect(dniNieValid('12345678-Z')).toBe(true);
    expect(dniNieValid('12345678A')).toBe(false);
    expect(dniNieValid('X1234567L')).toBe(true);
    expect(dniNieValid('Y1234567X')).toBe(true);
    expect(dniNieValid('X1234567T')).toBe(false);
    // Z read as 2: accepted, since Z is the right letter; 3 stands for no letter.
    expect(dniNieValid('123456782')).toBe(true);
    expect(dniNieValid('123456783')).toBe(false);
    expect(texts('dni_nie', 'DNI: 12345678Z, NIE x1234567l')).toEqual(['12345678Z', 'x1234567l']);
  });

  it('email and phone', () => {
    expect(texts('email', 'Mail jane.doe+news@mail.example.co.uk.')).toEqual(['jane.doe+news@mail.example.co.uk']);
    expect(texts('email', 'not .bad.@example.com nor a@-x.com')).toEqual([]);
    expect(texts('phone', 'Call +34 612 345 678 or 0034 612345678 or (91) 123 45 67')).toEqual(['+34 612 345 678', '0034 612345678', '(91) 123 45 67']);
    // Dates, amounts, an unbroken order number: not phones.
    expect(texts('phone', 'On 2024-11-17 we paid 1,234.56 for order 123456789')).toEqual([]);
  });
});

describe('custom patterns', () => {
  it('run on RE2: constructs it lacks are refused by index, catastrophic ones stay linear', () => {
    const err = (() => {
      try {
        compilePatterns(['fine-\\d+', '(a)\\1']);
      } catch (e) {
        return e as PatternError;
      }
    })();
    expect(err).toBeInstanceOf(PatternError);
    expect(err!.index).toBe(1);
    expect(() => compilePatterns(['(?<=x)y'])).toThrow(PatternError);
    const [evil] = compilePatterns(['(a+)+$']);
    const started = performance.now();
    expect(evil!.find('a'.repeat(20_000) + '!')).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2_000);
    const [ci] = compilePatterns(['(?i)ord-\\d{3}']);
    expect(ci!.find('Order ORD-123 and ord-456').map((m) => m.text)).toEqual(['ORD-123', 'ord-456']);
  });
});

describe('locating a match on the image', () => {
  const word = (text: string, x: number, confidence = 0.95) => ({ text, confidence, bbox: { x, y: 10, width: text.length * 10, height: 20 } });
  const line = (words: ReturnType<typeof word>[]): Line => ({
    text: words.map((w) => w.text).join(' '),
    confidence: 0.9,
    bbox: { x: 0, y: 8, width: 500, height: 24 },
    words,
  });

  it('takes the boxes of the words the match touches, or the whole line when one was read unsure', () => {
    const l = line([word('Email:', 0), word('jane@x.com', 70), word('ok', 180)]);
    expect(locate(l, { start: 7, end: 17, text: 'jane@x.com' })).toEqual({ text: 'jane@x.com', bbox: { x: 70, y: 10, width: 100, height: 20 }, granularity: 'word' });
    // Spanning two words: their union.
    expect(locate(l, { start: 0, end: 17, text: 'Email: jane@x.com' })!.bbox).toEqual({ x: 0, y: 10, width: 170, height: 20 });
    const unsure = line([word('DNI:', 0), word('123456782', 50, 0.3)]);
    expect(locate(unsure, { start: 5, end: 14, text: '123456782' })).toMatchObject({ granularity: 'line', bbox: unsure.bbox });
  });
});
