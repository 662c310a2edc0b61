import { expect, it } from 'vitest';
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { cacheKeyOf } from './completion.ts';

// A task claimed at submit runs its request in the client's key order; one
// fetched from the queue runs it as jsonb stored it (shorter keys first).
it('gives one cache key to the same request whatever the order of its keys', () => {
  const asSent = { provider: 'openai', model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], temperature: 0.2 } as CanonicalRequest;
  const asStored = JSON.parse('{"model":"gpt-4o-mini","messages":[{"content":"hi","role":"user"}],"provider":"openai","temperature":0.2}') as CanonicalRequest;
  expect(cacheKeyOf('k', asStored)).toBe(cacheKeyOf('k', asSent));
  expect(cacheKeyOf('k', { ...asSent, temperature: 0.3 })).not.toBe(cacheKeyOf('k', asSent));
  expect(cacheKeyOf('other', asSent)).not.toBe(cacheKeyOf('k', asSent));
  // Array order is meaning, not layout.
  const swapped = { ...asSent, messages: [{ role: 'assistant', content: 'x' }, { role: 'user', content: 'hi' }] } as CanonicalRequest;
  const unswapped = { ...asSent, messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'x' }] } as CanonicalRequest;
  expect(cacheKeyOf('k', swapped)).not.toBe(cacheKeyOf('k', unswapped));
});

it('keeps a key named __proto__ as data', () => {
  const a = JSON.parse('{"provider":"openai","messages":[],"metadata":{"__proto__":{"a":1}}}') as CanonicalRequest;
  const b = JSON.parse('{"provider":"openai","messages":[],"metadata":{"__proto__":{"a":2}}}') as CanonicalRequest;
  expect(cacheKeyOf('k', a)).not.toBe(cacheKeyOf('k', b));
});
