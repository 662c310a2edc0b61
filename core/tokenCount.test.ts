// The count_tokens estimate is the documented formula, and providers with a
// counting endpoint are counted exactly (upstream) rather than estimated.
import { expect, test } from 'vitest';
import { estimateTokens, prepareTokenCount } from './tokenCount.ts';

test('estimate: ceil(characters / 4) over texts, tool calls, tools and schema, + 4 per message, + 1,000 per image', () => {
  const tools = [{ type: 'function' as const, function: { name: 'f', parameters: { type: 'object' } } }];
  const messages = [
    { role: 'system' as const, content: 'abcd' },
    { role: 'user' as const, content: [{ type: 'text' as const, text: 'abcdefgh' }, { type: 'image' as const, url: 'https://example.org/a.png' }] },
    { role: 'assistant' as const, content: null, toolCalls: [{ id: 'c', type: 'function' as const, function: { name: 'f', arguments: '{}' } }] },
    { role: 'tool' as const, content: 'ok', toolCallId: 'c' },
  ];
  const chars = 4 + 8 + 'f{}'.length + 'ok'.length + JSON.stringify(tools).length;
  expect(estimateTokens({ messages, tools })).toBe(Math.ceil(chars / 4) + 4 * 4 + 1_000);
  expect(estimateTokens({ messages: [{ role: 'user', content: 'x' }] })).toBe(1 + 4);
});

test('exact where the descriptor says the provider counts, estimated elsewhere', () => {
  const messages = [{ role: 'user' as const, content: 'hi' }];
  expect(prepareTokenCount({ provider: 'anthropic', messages }, { providerKey: 'k' }).exact).toBe(true);
  expect(prepareTokenCount({ provider: 'gemini', messages }, { providerKey: 'k' }).exact).toBe(true);
  expect(prepareTokenCount({ provider: 'mistral', messages }, { providerKey: 'k' }).exact).toBe(false);
  expect(() => prepareTokenCount({ provider: 'elevenlabs', messages }, {})).toThrow(/does not offer text completions/);
});
