import { describe, expect, it } from 'vitest';
import { redactText } from './redaction.ts';

const ALL = ['email', 'phone', 'iban', 'credit_card', 'dni_nie', 'api_key'] as const;

describe('redacting text', () => {
  it('replaces each kind with its typed placeholder, checked (Luhn, mod-97) rather than by shape alone', () => {
    const text =
      'Mail jane.doe@example.com or call +34 612 345 678; card 4111 1111 1111 1111, not 4111 1111 1111 1112; ' +
      'IBAN ES91 2100 0418 4502 0005 1332; key sk-proj-abcdefghijklmnopqrstuvwx and Bearer abcdef0123456789XYZ, thanks.';
    const { text: out, counts } = redactText(text, ALL);
    expect(out).toBe(
      'Mail [EMAIL] or call [PHONE]; card [CREDIT_CARD], not 4111 1111 1111 1112; ' + 'IBAN [IBAN]; key [API_KEY] and Bearer [API_KEY], thanks.',
    );
    expect(counts).toEqual({ email: 1, phone: 1, credit_card: 1, iban: 1, api_key: 2 });
  });

  it('leaves what it was not asked to redact, and text without matches as it is', () => {
    expect(redactText('jane@example.com 4111111111111111', ['credit_card']).text).toBe('jane@example.com [CREDIT_CARD]');
    const plain = 'nothing personal here, order 12345';
    expect(redactText(plain, ALL)).toEqual({ text: plain, counts: {} });
  });
});
