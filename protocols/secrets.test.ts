import { describe, expect, test } from 'vitest';
import { secretsSent, withoutSecrets, withoutValues } from './secrets.ts';

describe('secrets sent upstream', () => {
  test('the API key, credential headers (a bearer token on its own too) and credential query parameters; not other headers', () => {
    const sent = secretsSent('op-key-abcdef', { authorization: 'Bearer tok-123456789', 'x-goog-api-key': 'goog-987654', 'content-type': 'application/json' }, 'https://h.invalid/v1/x?alt=sse&key=query-secret-42');
    expect(sent).toEqual(['op-key-abcdef', 'Bearer tok-123456789', 'tok-123456789', 'goog-987654', 'query-secret-42']);
    expect(withoutValues('bad key op-key-abcdef, token tok-123456789', sent)).toBe('bad key …, token …');
  });

  test('a remembered value is cut from any later text, also URL-encoded or JSON-escaped; a known prefix stays', () => {
    secretsSent('we+ird/key"value', {}, 'https://h.invalid/');
    secretsSent('sk-plainNoShapeMatchBecauseShort', {}, 'https://h.invalid/');
    expect(withoutSecrets('a we+ird/key"value b we%2Bird%2Fkey%22value c we+ird/key\\"value')).toBe('a … b … c …');
    expect(withoutSecrets('key sk-plainNoShapeMatchBecauseShort!')).toBe('key sk-…!');
  });

  test('values too short to be secrets are not cut; shapes never sent still are (the second net)', () => {
    expect(secretsSent('abc', { 'x-api-key': 'abcde' }, 'https://h.invalid/')).toEqual([]);
    expect(withoutSecrets('abc abcde pplx-0123456789abcdef gsk_0123456789abc')).toBe('abc abcde pplx-… gsk_…');
  });
});
